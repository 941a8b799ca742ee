import type { CodeGraph } from '../../src/graph/code-graph';

/** Everything a query can see of the graph, in a comparable form. */
export function snapshot(g: CodeGraph): string[] {
  const lines: string[] = [];
  g.calls.forEachEdge((_e, a, s, t) => lines.push(`call ${s} > ${t} ${a.resolution} ${a.confidence} ${a.sites.map((x) => `${x.file}:${x.line}:${x.character}`).join(',')}`));
  g.imports.forEachEdge((_e, a, s, t) => lines.push(`import ${s} > ${t} ${a.line}`));
  for (const [k, v] of g.moduleCallers) lines.push(`module ${k} ${v.map((x) => `${x.file}:${x.line}`).join(',')}`);
  for (const s of g.table.all) lines.push(`symbol ${s.id} ${s.lineStart}-${s.lineEnd} ${s.doc ?? ''}`);
  return lines.sort();
}

/** Line-level edits, applied one after another to a file's text; some keep its shape (re-linked in place), some do not. */
export function editSteps(comment: string): ((text: string, i: number) => string)[] {
  const lines = (text: string) => text.split('\n');
  const at = (text: string, i: number) => (i * 7919) % Math.max(1, lines(text).length);
  const callLine = (text: string, i: number) => {
    const all = lines(text);
    const withCall = all.map((l, n) => [l, n] as const).filter(([l]) => /\w\(|<[A-Z]/.test(l));
    return withCall.length ? withCall[i % withCall.length][1] : at(text, i);
  };
  const splice = (text: string, n: number, remove: number, ...add: string[]) => {
    const all = lines(text);
    all.splice(n, remove, ...add);
    return all.join('\n');
  };
  const insertComment = (text: string, i: number) => splice(text, at(text, i), 0, `${comment} edit ${i}`);
  const duplicateCall = (text: string, i: number) => splice(text, callLine(text, i), 0, lines(text)[callLine(text, i)]);
  // Cut a line with a call and paste it elsewhere: the call may change its enclosing function.
  const moveCall = (text: string, i: number) => {
    const n = callLine(text, i);
    const line = lines(text)[n];
    const without = splice(text, n, 1);
    return splice(without, at(without, i + 3), 0, line);
  };
  // Another callee at a call site: `a(` becomes the name of another call of the file; JSX `<A` becomes `<B`.
  const changeCallee = (text: string, i: number) => {
    const names = [...new Set([...text.matchAll(/([A-Za-z_]\w*)\(/g)].map((m) => m[1]))];
    const tags = [...new Set([...text.matchAll(/<([A-Z]\w*)/g)].map((m) => m[1]))];
    const n = callLine(text, i);
    const line = lines(text)[n]
      .replace(/<([A-Z]\w*)/, (_m, tag: string) => `<${tags[(tags.indexOf(tag) + 1) % tags.length]}`)
      .replace(/([A-Za-z_]\w*)\(/, (_m, name: string) => `${names[(names.indexOf(name) + 1) % names.length]}(`);
    return splice(text, n, 1, line);
  };
  // A local's type changes (`x = new A()` → `new B()`): the calls through it may resolve elsewhere, the shape stays.
  const retypeLocal = (text: string, i: number) => {
    const types = [...new Set([...text.matchAll(/(?:class|struct|type) ([A-Z]\w*)/g)].map((m) => m[1]))];
    const all = lines(text);
    const locals = all.map((l, n) => [l, n] as const).filter(([l]) => /^\s+.*\w\s*(?:=|:=)\s*(?:new\s+|&)?[A-Z]\w*[({]/.test(l));
    if (!locals.length || types.length < 2) return text;
    const [line, n] = locals[i % locals.length];
    return splice(text, n, 1, line.replace(/((?:=|:=)\s*(?:new\s+|&)?)([A-Z]\w*)/, (_m, pre: string, t: string) => `${pre}${types[(types.indexOf(t) + 1) % types.length]}`));
  };
  const deleteLine = (text: string, i: number) => splice(text, at(text, i), 1);
  const blankLines = (text: string, i: number) => splice(text, at(text, i), 0, '', '');
  // A function's name changes: its file's shape changes, and the graph is rebuilt.
  const renameFunction = (text: string) => text.replace(/(function|def|fn|func) ([A-Za-z_]\w*)/, '$1 $2Renamed');
  // At the file's ends, over several lines, in a signature, a doc comment, an import, a JSX element, a declaration added and removed.
  const atStart = (text: string, i: number) => `${comment} first ${i}\n${text}`;
  const atEnd = (text: string, i: number) => `${text}\n${comment} last ${i}\n`;
  const copyBlock = (text: string, i: number) => {
    const all = lines(text);
    const n = callLine(text, i);
    return splice(text, at(text, i + 5), 0, ...all.slice(n, n + 3));
  };
  const addParameter = (text: string, i: number) => {
    const defs = [...text.matchAll(/(function|def|fn|func) [A-Za-z_]\w*\(/g)];
    if (!defs.length) return text;
    const m = defs[i % defs.length];
    const cut = m.index! + m[0].length;
    return `${text.slice(0, cut)}extra${i}, ${text.slice(cut)}`;
  };
  const docBeforeDeclaration = (text: string, i: number) => {
    const all = lines(text);
    const decls = all.map((l, n) => [l, n] as const).filter(([l]) => /^(export )?(async )?(function|class|def|func|fn|const|interface|type) /.test(l));
    return decls.length ? splice(text, decls[i % decls.length][1], 0, `${comment} Documents what follows (${i}).`) : text;
  };
  const duplicateImport = (text: string) => {
    const n = lines(text).findIndex((l) => /^(import|from|use) /.test(l));
    return n >= 0 ? splice(text, n, 0, lines(text)[n]) : text;
  };
  const addJsxElement = (text: string, i: number) => {
    const all = lines(text);
    const n = all.findIndex((l) => /^\s*<[A-Z]\w*[^>]*>\s*$/.test(l));
    return n >= 0 ? splice(text, n + 1, 0, `${/^\s*/.exec(all[n])![0]}  <span onClick={() => setCount(${i})}>{String(${i})}</span>`) : text;
  };
  const declaration = (text: string, i: number) =>
    /^def /m.test(text) ? [`def added_${i}():`, '    return len([])'] : /^func /m.test(text) ? [`func added${i}() int {`, '\treturn len("")', '}'] : /^(pub )?fn /m.test(text) ? [`fn added${i}() -> usize {`, '    0', '}'] : [`function added${i}() {`, `  return String(${i});`, '}'];
  const addDeclaration = (text: string, i: number) => splice(text, lines(text).length, 0, '', ...declaration(text, i));
  const removeDeclaration = (text: string) => {
    const all = lines(text);
    const n = all.findIndex((l) => /^(def|func|fn|function) added_?\d+\(/.test(l));
    return n >= 0 ? splice(text, n - 1, declaration(text, 0).length + 1) : text;
  };
  return [
    insertComment, duplicateCall, retypeLocal, insertComment, changeCallee, moveCall, blankLines, retypeLocal, duplicateCall, changeCallee, insertComment, deleteLine, renameFunction,
    insertComment, duplicateCall, retypeLocal, moveCall, changeCallee, atStart, addJsxElement, docBeforeDeclaration, copyBlock, addDeclaration, insertComment, removeDeclaration,
    addParameter, duplicateImport, atEnd, insertComment,
  ];
}

