import { notFound } from '../common/errors';
import type { Engine } from '../engine/engine';
import type { SourcePosition } from '../engine/language-features';
import type { IndexedSymbol } from '../graph/symbol-table';
import { positionArgs, positionInWorkspace } from './shared/addressing';
import { workspaceArg } from './shared/common-args';
import { indexReferences } from './shared/index-navigation';
import { requireFeature } from './shared/language-shared';
import { defineTool, READ_ONLY } from './shared/tool';
import { z } from 'zod';
import { list, detail, source } from './shared/outputs';

/** For `{symbol}`: inside the argument list of the symbol's first call site the index knows. */
function insideFirstCall(engine: Engine, symbol: IndexedSymbol): SourcePosition {
  for (const site of indexReferences(engine.graph, symbol)) {
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
    'The signatures of the function being called at a position inside its argument list, and which parameter that position is in, from the language ' +
    'server — what the editor shows while typing a call. Use it to fill in a call correctly. Pass file + line + character (1-based) just after `(` or ' +
    'a comma of a call; or `symbol` to get it at the first call of that function. Returns { position, signatures: [{label, documentation?, ' +
    'parameters: [{label, documentation?}]}], active_signature, active_parameter } (both 1-based). VS Code only.',
  group: 'navigate',
  inputSchema: { ...positionArgs, workspace: workspaceArg },
  outputSchema: { position: detail, signatures: list, active_signature: z.number(), active_parameter: z.number(), source },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const signatureHelp = requireFeature(ctx, 'signatureHelp', 'signature_help', 'hover on the function name');
    const { engine, ...resolved } = await positionInWorkspace(ctx, args);
    const at = resolved.symbol ? insideFirstCall(engine, resolved.symbol) : resolved.at;
    const help = await signatureHelp(at, engine.root, ctx.signal);
    if (!help) throw notFound(`No call's argument list contains ${at.file}:${at.line}:${at.character}. Point just after "(" or a comma inside a call.`);
    return { position: at, ...help, source: 'language_server' };
  },
});
