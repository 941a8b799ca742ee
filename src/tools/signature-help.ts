import { notFound } from '../common/errors';
import type { Engine } from '../engine/engine';
import type { SourcePosition } from '../engine/language-features';
import type { IndexedSymbol } from '../graph/symbol-table';
import { positionArgs, positionInWorkspace } from './shared/addressing';
import { workspaceArg } from './shared/common-args';
import { referencesTo } from '../graph/navigation';
import { requireFeature } from './shared/language-shared';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, source } from './shared/outputs';

/** For `{symbol}`: inside the argument list of the symbol's first call site the index knows. */
function insideFirstCall(engine: Engine, symbol: IndexedSymbol): SourcePosition {
  for (const site of referencesTo(engine.graph, symbol)) {
    const chars = [...(engine.readText(site.file).split('\n')[site.line - 1] ?? '')];
    const paren = chars.indexOf('(', site.character - 1);
    if (paren >= 0) return { file: site.file, line: site.line, character: paren + 2 };
  }
  throw notFound(`The index knows no call of ${symbol.id} to take signature help at. Pass file, line and character inside a call's argument list.`);
}

export const signatureHelpTool = defineTool({
  name: 'signature_help',
  title: 'Signature help',
  description:
    'The signatures of the call whose arguments contain the position, and the active parameter, from the language server.',
  group: 'navigate',
  inputSchema: { ...positionArgs, workspace: workspaceArg },
  outputSchema: { signatures: list, source },
  annotations: READ_ONLY,
  needsLanguageServer: true,
  async handler(args, ctx) {
    const signatureHelp = requireFeature(ctx, 'signatureHelp', 'signature_help', 'hover on the function name');
    const { engine, ...resolved } = await positionInWorkspace(ctx, args);
    const at = resolved.symbol ? insideFirstCall(engine, resolved.symbol) : resolved.at;
    const help = await signatureHelp(at, engine.root, ctx.signal);
    if (!help) throw notFound(`No call's argument list contains ${at.file}:${at.line}:${at.character}. Point just after "(" or a comma inside a call.`);
    return { position: at, ...help, source: 'language_server' };
  },
});
