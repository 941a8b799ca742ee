import * as path from 'node:path';
import { z } from 'zod';
import { invalidArgument, tooLarge } from '../common/errors';
import { resolveInWorkspace } from '../common/paths';
import { estimateTokens, fitToBudget, MAX_MAX_TOKENS } from '../common/tokens';
import { maxTokensArg } from './shared/common-args';
import { defaultRepositoryArg } from './shared/retrieval-args';
import { defineTool, READ_ONLY } from './shared/tool';
import { budgeted } from './shared/outputs';

const MAX_SPAN = 1000;

/**
 * The first line alone is over the budget (minified code, a data line): its beginning, cut to fit, rather than
 * an empty answer that points back at the same line forever. The answer says so and moves on to the next line.
 */
function longLineHead<R extends Record<string, unknown>>(line: string, lineNo: number, maxTokens: number, render: (kept: readonly string[], truncated: boolean) => R): R {
  const envelope = estimateTokens(render([''], true)) + 40;
  let head = line.slice(0, Math.max(0, maxTokens - envelope) * 3);
  while (head.length > 0 && estimateTokens(render([head], true)) > maxTokens) head = head.slice(0, Math.floor(head.length * 0.8));
  return {
    ...render([head], true),
    line_cut: true,
    hint: `Line ${lineNo} is ${line.length} characters, more than max_tokens allows: its first ${head.length} are shown. Raise max_tokens (up to ${MAX_MAX_TOKENS}) to see more of it, or continue with start_line ${lineNo + 1}.`,
    next_start_line: lineNo + 1,
  };
}

export const readFileRangeTool = defineTool({
  name: 'read_file_range',
  title: 'Read file lines',
  description:
    `Reads lines start_line..end_line (1-based, inclusive, at most ${MAX_SPAN} lines) of a file inside a repository: the editor's unsaved ` +
    'text when there is any, else the file on disk. An end_line past the end of the file is clamped and reported with content_truncated. ' +
    'Paths are relative to the repository root (or absolute inside it); anything outside it, symlinks that lead out included, is refused. ' +
    'Use it to read the code around a citation from retrieve. Returns { path, start_line, end_line, total_lines (omitted for files over 8 MB, which are read only as far as needed), text, content_truncated, truncated }.',
  group: 'retrieve',
  inputSchema: {
    repository: defaultRepositoryArg,
    path: z.string().min(1).max(1000).describe('File path relative to the repository root (or absolute, inside it).'),
    start_line: z.number().int().min(1).describe('First line, 1-based.'),
    end_line: z.number().int().min(1).describe(`Last line, inclusive; at least start_line and at most start_line + ${MAX_SPAN - 1}.`),
    max_tokens: maxTokensArg,
  },
  outputSchema: { path: z.string(), start_line: z.number(), end_line: z.number(), text: z.string(), ...budgeted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    if (args.end_line < args.start_line) throw invalidArgument(`\`end_line\` (${args.end_line}) is before \`start_line\` (${args.start_line}): end_line must be ≥ start_line.`);
    const span = args.end_line - args.start_line + 1;
    if (span > MAX_SPAN) throw invalidArgument(`The span start_line..end_line is ${span} lines; at most ${MAX_SPAN} lines can be read at once. Read it in parts.`);
    const engine = ctx.workspaces.pick(args.repository);
    const { rel, lines, totalLines, binary } = await engine.readLines(args.path, args.start_line, args.end_line);
    if (binary) throw tooLarge(`${rel} is a binary file; read_file_range reads text only.`);
    if (lines.length === 0) throw invalidArgument(`start_line ${args.start_line} is past the end of ${rel}${totalLines !== undefined ? `, which has ${totalLines} lines` : ''}.`);
    const end = args.start_line + lines.length - 1;
    const render = (kept: readonly string[], truncated: boolean) => ({
      repository: path.basename(engine.root),
      path: rel,
      start_line: args.start_line,
      end_line: args.start_line + kept.length - 1,
      // Known when the read reached the end of the file; a large file is not read past the lines asked for.
      ...(totalLines !== undefined ? { total_lines: totalLines } : {}),
      text: kept.join('\n'),
      content_truncated: end < args.end_line,
      truncated,
      ...(truncated ? { hint: `Cut to fit max_tokens: continue with start_line ${args.start_line + kept.length}, or raise max_tokens.`, next_start_line: args.start_line + kept.length } : {}),
    });
    const fitted = fitToBudget(lines, args.max_tokens, render);
    return fitted.end_line >= args.start_line ? fitted : longLineHead(lines[0], args.start_line, args.max_tokens, render);
  },
});
