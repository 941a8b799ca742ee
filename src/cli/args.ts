/** Command-line parsing for `sightline`. Errors are UsageError: the process exits 2 with the usage text. */
export class UsageError extends Error {}

export type Cli =
  | { command: 'help' }
  | { command: 'version' }
  | ({ command: 'index' } & WorkspaceOptions)
  | ({ command: 'serve' } & WorkspaceOptions)
  | ({ command: 'bridge'; fallback: boolean } & WorkspaceOptions)
  | ({ command: 'call'; tool: string; args: unknown } & WorkspaceOptions);

interface WorkspaceOptions {
  root: string;
  docCollections: string[];
  /** --cache-dir: a folder, `none`, or undefined for the default (see cache-dir.ts). */
  cacheDir?: string;
}

export const USAGE = `Usage: sightline <command> [--root DIR]

Commands:
  index                        Index the workspace (incremental) and print the stats as JSON.
  serve --stdio                Run the MCP server over stdio (logs go to stderr).
  bridge                       Relay MCP over stdio to the VS Code window that has --root (or the current
                               directory) open, so agents outside VS Code get its language servers too.
                               Without such a window it serves headless, like serve --stdio
                               (--no-fallback: exit 1 instead).
  call <tool> ['<json args>']  Run one tool and print its result as JSON.
                               Exit 0 on success, 1 when the tool returns an error, 2 on usage errors.
  help, version

Options:
  --root DIR                   The workspace root (default: the current directory).
  --cache-dir DIR              Where the index is kept between runs (default: a folder per workspace under
                               $XDG_CACHE_HOME/sightline or ~/.cache/sightline, never inside the repository;
                               also SIGHTLINE_CACHE_DIR). \`none\` keeps it in memory only.
  --doc-collection GLOB        An extra markdown collection for the retrieve tools, as a gitignore-style
                               glob (e.g. 'guides/**/*.md'); repeatable. Docs folders are collections anyway.
`;

export function parseCli(argv: string[]): Cli {
  const rest: string[] = [];
  let root = process.cwd();
  let stdio = false;
  const docCollections: string[] = [];
  let fallback = true;
  let cacheDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--root') {
      const v = argv[++i];
      if (!v) throw new UsageError('--root needs a folder.');
      root = v;
    } else if (a.startsWith('--root=')) root = a.slice(7);
    else if (a === '--doc-collection') {
      const v = argv[++i];
      if (!v) throw new UsageError('--doc-collection needs a glob, e.g. --doc-collection "guides/**/*.md".');
      docCollections.push(v);
    }
    else if (a === '--cache-dir') {
      const v = argv[++i];
      if (!v) throw new UsageError('--cache-dir needs a folder (or `none` to keep the index in memory).');
      cacheDir = v;
    } else if (a.startsWith('--cache-dir=')) cacheDir = a.slice('--cache-dir='.length);
    else if (a === '--stdio') stdio = true;
    else if (a === '--no-fallback') fallback = false;
    else if (a === '--help' || a === '-h') return { command: 'help' };
    else if (a === '--version') return { command: 'version' };
    else if (a.startsWith('--')) throw new UsageError(`Unknown option ${a}.`);
    else rest.push(a);
  }
  const [command, ...params] = rest;
  switch (command) {
    case undefined:
    case 'help':
      return { command: 'help' };
    case 'version':
      return { command: 'version' };
    case 'index':
      if (params.length) throw new UsageError(`index takes no arguments (got ${params.join(' ')}).`);
      return { command: 'index', root, docCollections, cacheDir };
    case 'serve':
      if (!stdio) throw new UsageError('serve needs --stdio (the only transport the CLI serves; VS Code serves HTTP itself).');
      return { command: 'serve', root, docCollections, cacheDir };
    case 'bridge':
      if (params.length) throw new UsageError(`bridge takes no arguments (got ${params.join(' ')}).`);
      return { command: 'bridge', root, docCollections, cacheDir, fallback };
    case 'call': {
      const [tool, json, ...extra] = params;
      if (!tool) throw new UsageError('call needs a tool name.');
      if (extra.length) throw new UsageError('call takes one JSON argument object; quote it.');
      let args: unknown = {};
      if (json !== undefined) {
        try {
          args = JSON.parse(json);
        } catch (e) {
          throw new UsageError(`The arguments are not valid JSON: ${(e as Error).message}`);
        }
        if (typeof args !== 'object' || args === null || Array.isArray(args)) throw new UsageError('The arguments must be a JSON object, e.g. \'{"symbol":"main"}\'.');
      }
      return { command: 'call', root, docCollections, cacheDir, tool, args };
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}
