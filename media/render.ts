// Renders the host's messages into the panel. Pure DOM building: the caller supplies what a click does.
import type { AffectedSymbol, BlastRadiusRequest, BlastRadiusResult, BlastTarget, HostMessage, PanelError } from '../src/panel/protocol';
import { DEFAULT_DEPTH, MAX_DEPTH, MIN_DEPTH } from '../src/panel/protocol';
import { el, linkButton } from './dom';

export interface Actions {
  open(file: string, line: number): void;
  rerun(depth: number): void;
}

const RESOLUTION_HELP: Record<string, string> = {
  import: 'resolved through an import',
  package: 'resolved within the same package',
  member: 'resolved through a member access on a known type',
  scope: 'resolved through lexical scope',
  dispatch: 'calls a base, interface or trait method that this one overrides or implements: it may run this one',
  name: 'matched by name only: may be a different symbol with the same name',
};

export function render(root: HTMLElement, message: HostMessage, actions: Actions): void {
  root.replaceChildren(...renderMessage(message, actions));
}

function renderMessage(message: HostMessage, actions: Actions): Node[] {
  switch (message.type) {
    case 'loading':
      return [
        toolbar(message.request, actions),
        el('p', 'status loading', message.indexing ? 'Indexing the workspace first; the answer follows…' : `Computing the blast radius of ${message.request.target}…`),
      ];
    case 'error':
      return [...(message.request ? [toolbar(message.request, actions)] : []), errorView(message.error, message.request, actions)];
    case 'result':
      return [toolbar(message.request, actions), ...resultView(message.result, actions)];
  }
}

function toolbar(request: BlastRadiusRequest, actions: Actions): HTMLElement {
  const depth = el('select', 'depth');
  depth.title = 'How many call levels to follow';
  for (let d = MIN_DEPTH; d <= MAX_DEPTH; d++) {
    const option = el('option', undefined, String(d));
    option.value = String(d);
    option.selected = d === request.depth;
    depth.append(option);
  }
  const label = el('label', 'depth-label', 'Depth ', depth);
  const rerun = el('button', 'rerun', 'Re-run');
  rerun.type = 'button';
  rerun.title = 'Compute again with the current index';
  rerun.addEventListener('click', () => actions.rerun(Number(depth.value) || DEFAULT_DEPTH));
  depth.addEventListener('change', () => actions.rerun(Number(depth.value) || DEFAULT_DEPTH));
  return el('header', 'toolbar', el('span', 'workspace', request.workspace), label, rerun);
}

function errorView(error: PanelError, request: BlastRadiusRequest | undefined, actions: Actions): HTMLElement {
  const headline = error.kind === 'notReady' ? 'The index is not ready yet' : 'Could not compute the blast radius';
  const box = el('section', `error kind-${error.kind}`, el('h1', undefined, headline), el('p', 'message', error.message));
  if (!request) {
    const retry = el('button', 'rerun', 'Try again');
    retry.type = 'button';
    retry.addEventListener('click', () => actions.rerun(DEFAULT_DEPTH));
    box.append(retry);
  }
  return box;
}

function resultView(result: BlastRadiusResult, actions: Actions): Node[] {
  const nodes: Node[] = [targetView(result.target, actions), summary(result)];
  const stale = result.freshness?.stale_count ?? 0;
  if (stale > 0) nodes.push(el('p', 'notice stale', `${stale} file${stale === 1 ? '' : 's'} changed since the index was built; Re-run to see the current code.`));
  if (result.truncated) {
    nodes.push(el('p', 'notice truncated', `Truncated: showing ${result.symbols.length} of ${result.total_symbols} affected symbols and ${result.files.length} of ${result.total_files} files. ${result.hint ?? ''}`.trim()));
  }
  if (result.target.kind !== 'symbol' && result.changed_symbols.length) {
    nodes.push(section('changed', `Changed symbols (${result.changed_symbols.length})`, list(result.changed_symbols.map((id) => el('code', undefined, id)))));
  }
  nodes.push(symbolsByDepth(result.symbols, actions));
  nodes.push(section('tests', `Tests to run (${result.tests.length})`, result.tests.length ? fileList(result.tests, actions) : el('p', 'empty', 'No test file is affected.')));
  nodes.push(section('files', `Affected files (${result.total_files})`, result.files.length ? fileList(result.files, actions) : el('p', 'empty', 'No file is affected.')));
  return nodes;
}

function targetView(target: BlastTarget, actions: Actions): HTMLElement {
  if (target.kind === 'symbol') {
    const s = target.symbol;
    return el(
      'section', 'target',
      el('h1', undefined, 'Blast radius of ', el('span', 'name', s.qualified_name)),
      el('p', 'signature', el('code', undefined, s.signature)),
      el('p', 'where', `${s.kind} in `, location(s.file, s.line_start, actions)),
    );
  }
  if (target.kind === 'file') return el('section', 'target', el('h1', undefined, 'Blast radius of file ', el('span', 'name', target.file)));
  const files = target.files.map((f) => el('span', 'changed-file', fileLink(f.file, actions), ` (${f.status})`));
  return el(
    'section', 'target',
    el('h1', undefined, 'Blast radius of uncommitted changes'),
    files.length ? list(files) : el('p', 'empty', 'There are no uncommitted changes.'),
  );
}

function summary(result: BlastRadiusResult): HTMLElement {
  const parts = [`${result.total_symbols} affected symbol${result.total_symbols === 1 ? '' : 's'}`, `${result.total_files} file${result.total_files === 1 ? '' : 's'}`, `${result.tests.length} test file${result.tests.length === 1 ? '' : 's'}`];
  const indexed = result.freshness?.indexed_at ? ` · index of ${new Date(result.freshness.indexed_at).toLocaleString()}` : '';
  return el('p', 'summary', parts.join(' · ') + indexed);
}

function symbolsByDepth(symbols: readonly AffectedSymbol[], actions: Actions): HTMLElement {
  if (symbols.length === 0) return section('symbols', 'Affected symbols (0)', el('p', 'empty', 'Nothing in the index calls this.'));
  const depths = [...new Set(symbols.map((s) => s.depth))].sort((a, b) => a - b);
  const groups = depths.map((depth) => {
    const members = symbols.filter((s) => s.depth === depth);
    const title = depth === 1 ? 'direct callers' : `callers ${depth} calls away`;
    const group = el('section', 'depth-group', el('h3', undefined, `Depth ${depth} · ${title} (${members.length})`), list(members.map((s) => symbolRow(s, actions))));
    group.dataset.depth = String(depth);
    return group;
  });
  return section('symbols', `Affected symbols (${symbols.length})`, ...groups);
}

function symbolRow(s: AffectedSymbol, actions: Actions): HTMLElement {
  const name = linkButton(s.qualified_name, `Open ${s.file}:${s.line_start}`, () => actions.open(s.file, s.line_start));
  name.classList.add('symbol');
  const confidence = el('span', `badge confidence ${s.confidence >= 0.9 ? 'high' : s.confidence >= 0.6 ? 'medium' : 'low'}`, `${Math.round(s.confidence * 100)}%`);
  confidence.title = 'Confidence that this call edge is real';
  const resolution = el('span', `badge resolution res-${s.resolution}`, s.resolution);
  resolution.title = RESOLUTION_HELP[s.resolution] ?? 'how the call was resolved';
  const sites = s.call_sites.map((c) => location(c.file, c.line, actions));
  const callSites = el('div', 'call-sites', 'calls at ', ...joined(sites), s.more_call_sites ? ` and ${s.more_call_sites} more` : undefined);
  return el('div', 'symbol-row', el('div', 'symbol-head', name, el('span', 'kind', s.kind), resolution, confidence), el('div', 'where', location(s.file, s.line_start, actions)), callSites);
}

/** `file:line`, opening the file at that line. */
function location(file: string, line: number, actions: Actions): HTMLElement {
  const button = linkButton(`${file}:${line}`, `Open ${file}:${line}`, () => actions.open(file, line));
  button.classList.add('location');
  return button;
}

/** A whole file, opening at its top. */
function fileLink(file: string, actions: Actions): HTMLElement {
  const button = linkButton(file, `Open ${file}`, () => actions.open(file, 1));
  button.classList.add('location');
  return button;
}

function fileList(files: readonly string[], actions: Actions): HTMLElement {
  return list(files.map((f) => fileLink(f, actions)));
}

function section(className: string, title: string, ...children: Node[]): HTMLElement {
  return el('section', className, el('h2', undefined, title), ...children);
}

function list(items: Node[]): HTMLElement {
  return el('ul', undefined, ...items.map((item) => el('li', undefined, item)));
}

function joined(nodes: Node[]): (Node | string)[] {
  return nodes.flatMap((n, i) => (i === 0 ? [n] : [', ', n]));
}
