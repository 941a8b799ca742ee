import * as path from 'node:path';
import { z } from 'zod';
import { invalidArgument, tooLarge } from '../common/errors';
import { resolveInWorkspace } from '../common/paths';
import { fitToBudget } from '../common/tokens';
import { maxTokensArg, lineNumber } from './common-args';
import { defaultRepositoryArg } from './retrieval-args';
import { defineTool, READ_ONLY } from './tool';

const MAX_SPAN = 1000;

export const readFileRangeTool = defineTool({
  name: 'read_file_range',
  title: 'Read file lines',
  description:
    `Lines start_line..end_line (≤ ${MAX_SPAN}) of a repository file, unsaved editor text first. Use to read around a citation. Returns { path, text, total_lines }.`,
  group: 'retrieve',
  inputSchema: {
    repository: defaultRepositoryArg,
    path: z.string().min(1).max(1000).describe('Relative to the repository root.'),
    start_line: lineNumber(),
    end_line: lineNumber().describe(`Last line, inclusive; at least start_line and at most start_line + ${MAX_SPAN - 1}.`),
    max_tokens: maxTokensArg,
  },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    if (args.end_line < args.start_line) throw invalidArgument(`\`end_line\` (${args.end_line}) is before \`start_line\` (${args.start_line}): end_line must be ≥ start_line.`);
    const span = args.end_line - args.start_line + 1;
    if (span > MAX_SPAN) throw invalidArgument(`The span start_line..end_line is ${span} lines; at most ${MAX_SPAN} lines can be read at once. Read it in parts.`);
    const engine = ctx.workspaces.pick(args.repository);
    const { rel } = resolveInWorkspace(engine.root, args.path);
    const text = engine.readText(rel);
    if (text.includes('\0')) throw tooLarge(`${rel} is a binary file; read_file_range reads text only.`);
    const all = text.split('\n');
    if (all.length > 1 && all[all.length - 1] === '') all.pop();
    if (args.start_line > all.length) throw invalidArgument(`start_line ${args.start_line} is past the end of ${rel}, which has ${all.length} lines.`);
    const end = Math.min(args.end_line, all.length);
    const lines = all.slice(args.start_line - 1, end);
    return fitToBudget(lines, args.max_tokens, (kept, truncated) => ({
      repository: path.basename(engine.root),
      path: rel,
      start_line: args.start_line,
      end_line: args.start_line + kept.length - 1,
      total_lines: all.length,
      text: kept.join('\n'),
      content_truncated: end < args.end_line,
      truncated,
      ...(truncated ? { hint: `Cut to fit max_tokens: continue with start_line ${args.start_line + kept.length}, or raise max_tokens.`, next_start_line: args.start_line + kept.length } : {}),
    }));
  },
});
