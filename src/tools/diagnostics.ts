import { z } from 'zod';
import { resolveInWorkspace } from '../common/paths';
import { fitToBudget } from '../common/tokens';
import type { DiagnosticSeverity } from '../engine/language-features';
import { maxTokensArg, workspaceArg } from './shared/common-args';
import { locationJson, requireFeature } from './shared/language-shared';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, detail, counted } from './shared/outputs';

const ORDER: DiagnosticSeverity[] = ['error', 'warning', 'information', 'hint'];

export const diagnosticsTool = defineTool({
  name: 'diagnostics',
  title: 'Diagnostics',
  description:
    'The errors and warnings the language servers and linters report (the editor\'s Problems view), for one file or the whole workspace. Use it after an edit to ' +
    'check the code still compiles, or to find what is broken. Pass `file` for one file (it is opened so its server checks it), or nothing for every file ' +
    'with problems; `severity` sets the least severe level kept. Returns { files: [{file, diagnostics: [{file, line, character, end_line, end_character, ' +
    'severity, message, source?, code?}]}], counts, total, truncated }, errors first. VS Code only.',
  group: 'navigate',
  inputSchema: {
    file: z.string().min(1).max(1000).optional().describe('One file (workspace-relative or absolute). Default: the whole workspace.'),
    severity: z.enum(['error', 'warning', 'information', 'hint']).default('hint').describe('Least severe level kept: error, warning, information or hint (default: all).'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { files: list, counts: detail, ...counted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const diagnostics = requireFeature(ctx, 'diagnostics', 'diagnostics', 'the project\'s own build or lint command');
    const engine = ctx.workspaces.pick(args.workspace, args.file);
    const file = args.file === undefined ? undefined : resolveInWorkspace(engine.root, args.file).rel;
    const floor = ORDER.indexOf(args.severity);
    const counts: Record<DiagnosticSeverity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
    const flat = (await diagnostics(file, engine.root, ctx.signal))
      .flatMap((f) => f.diagnostics)
      .filter((d) => ORDER.indexOf(d.severity) <= floor)
      .map((d) => {
        counts[d.severity]++;
        return { ...locationJson(d.range), severity: d.severity, message: d.message, ...(d.source ? { source: d.source } : {}), ...(d.code ? { code: d.code } : {}) };
      })
      .sort((a, b) => ORDER.indexOf(a.severity) - ORDER.indexOf(b.severity) || (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
    return fitToBudget(flat, args.max_tokens, (kept, truncated) => {
      const files = new Map<string, typeof kept>();
      for (const d of kept) files.set(d.file, [...(files.get(d.file) ?? []), d]);
      return {
        ...(file ? { file } : {}),
        files: [...files].map(([f, list]) => ({ file: f, diagnostics: list })),
        counts,
        total: flat.length,
        truncated,
        ...(truncated ? { hint: 'Raise max_tokens, pass one file, or raise severity to error for the rest.' } : {}),
      };
    });
  },
});
