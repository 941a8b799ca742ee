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
    'Errors and warnings (the Problems view) for `file` or the whole workspace. Use after an edit to check it still compiles.',
  group: 'navigate',
  inputSchema: {
    file: z.string().min(1).max(1000).optional().describe('Default: the whole workspace.'),
    severity: z.enum(['error', 'warning', 'information', 'hint']).default('hint').describe('Least severe kept.'),
    max_tokens: maxTokensArg,
    workspace: workspaceArg,
  },
  outputSchema: { files: list, counts: detail, ...counted },
  annotations: READ_ONLY,
  needsLanguageServer: true,
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
