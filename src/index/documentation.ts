import type { Node, Point } from 'web-tree-sitter';
import type { LanguageId } from './languages';

const SIGNATURE_MAX = 200;
const DOC_MAX = 400;
/** How much of a declaration's head is read to find its signature (whitespace and comments included). */
const SIGNATURE_SCAN_MAX = 4 * SIGNATURE_MAX + 2000;

/** Wrappers whose previous siblings hold the doc comment of the definition they wrap. */
const WRAPPERS = new Set(['export_statement', 'decorated_definition', 'lexical_declaration', 'variable_declaration', 'type_declaration', 'const_declaration', 'var_declaration']);

/**
 * The declaration's head: everything before its body, whitespace collapsed. Enough for an agent to call
 * the function or recognise the type without reading the file. `ownBody`: the node's `body` field, when the caller
 * has read it (docComment needs it too: each read crosses into WASM and builds a `Node`).
 */
export function signatureOf(node: Node, lang: LanguageId, source: string, ownBody: Node | null = node.childForFieldName('body')): string {
  let end = node.endIndex;
  const body = ownBody ?? node.childForFieldName('value')?.childForFieldName('body');
  if (body && body.startIndex > node.startIndex) end = body.startIndex;
  else if (!body) {
    const nl = source.indexOf('\n', node.startIndex);
    if (nl >= 0 && nl < end) end = nl;
  }
  // Only the head is read, never the node's whole text: with thousands of nested definitions, copying each
  // one's text would make extraction quadratic in the file's size.
  end = Math.min(end, node.startIndex + SIGNATURE_SCAN_MAX);
  const endPoint = body && body.startIndex > node.startIndex ? body.startPosition : node.endPosition;
  let text = withoutComments(node, source, end, endPoint).replace(/\s+/g, ' ').trim();
  if (lang === 'python') text = text.replace(/:$/, '');
  text = text.replace(/\s*(=>|\{|=)$/, keepArrow).trim();
  return text.length > SIGNATURE_MAX ? `${text.slice(0, SIGNATURE_MAX - 1)}…` : text;
}

/** The replacement of a signature's trailing `=>`, `{` or `=`: only an arrow stays. Declared once, not a closure per symbol. */
function keepArrow(m: string): string {
  return m.trim() === '=>' ? ' =>' : '';
}

const COMMENT_TYPES = ['comment', 'line_comment', 'block_comment'];

/**
 * The node's text up to `end`, comments cut out: a comment between parameters (or after Python's colon) is
 * not part of the signature, and keeping it would make typing a comment change the file's outward shape,
 * which forces a whole-graph rebuild instead of an in-place re-link.
 */
function withoutComments(node: Node, source: string, end: number, endPoint: Point): string {
  const text = source.slice(node.startIndex, end);
  if (!/\/\/|\/\*|#/.test(text)) return text;
  let out = '';
  let at = node.startIndex;
  for (const c of node.descendantsOfType(COMMENT_TYPES, node.startPosition, endPoint)) {
    if (!c || c.startIndex >= end) break;
    if (c.startIndex < at) continue;
    out += text.slice(at - node.startIndex, c.startIndex - node.startIndex);
    at = Math.min(c.endIndex, end);
  }
  return out + text.slice(at - node.startIndex);
}

/** `body`: the node's `body` field, as for signatureOf. */
export function docComment(node: Node, lang: LanguageId, body: Node | null = node.childForFieldName('body')): string | undefined {
  const doc = lang === 'python' ? pythonDocstring(body) ?? leadingComments(node) : leadingComments(node);
  if (!doc) return undefined;
  return doc.length > DOC_MAX ? `${doc.slice(0, DOC_MAX - 1)}…` : doc;
}

/**
 * The comments right above a definition, or above the declaration or export wrapping it. A node's parent and
 * previous sibling are each found by walking down from the root (one WASM call per read), so each is read once.
 */
function leadingComments(node: Node): string | undefined {
  let anchor: Node = node;
  for (let parent = node.parent; parent && WRAPPERS.has(parent.type) && parent.startIndex <= anchor.startIndex; parent = parent.parent) anchor = parent;
  const lines: string[] = [];
  let expectRow = anchor.startPosition.row - 1;
  let prev = anchor.previousNamedSibling;
  while (prev && COMMENT_TYPES.includes(prev.type) && prev.endPosition.row >= expectRow) {
    lines.unshift(cleanComment(prev.text));
    expectRow = prev.startPosition.row - 1;
    prev = prev.previousNamedSibling;
  }
  const text = lines.join('\n').trim();
  return text || undefined;
}

function cleanComment(text: string): string {
  return text
    .replace(/^\/\*\*?/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((l) => l.replace(/^\s*(\/\/\/?!?|\*|#)\s?/, '').trimEnd())
    .join('\n')
    .trim();
}

function pythonDocstring(body: Node | null): string | undefined {
  const first = body?.namedChild(0);
  if (first?.type !== 'expression_statement') return undefined;
  const str = first.namedChild(0);
  if (str?.type !== 'string') return undefined;
  return str.text.replace(/^[rbuRBU]*("""|'''|"|')/, '').replace(/("""|'''|"|')$/, '').trim() || undefined;
}
