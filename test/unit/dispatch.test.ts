import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RingLogger } from '../../src/common/log';
import { Engine } from '../../src/engine/engine';
import { IndexLanguageFeatures } from '../../src/engine/index-features';
import { Workspaces } from '../../src/engine/workspaces';
import { dispatchConfidence, MAX_DISPATCH_TARGETS, MAX_INTERFACE_MEMBER_TARGETS } from '../../src/graph/dispatch';
import type { ToolContext } from '../../src/tools/shared/tool';
import { callTool, FIXTURES, ids, removeDir } from './helpers';

type Ctx = ToolContext & { engine: Engine };

/** A private copy of a fixture (it may be edited), indexed on the main thread. */
async function indexed(lang: string): Promise<{ root: string; ctx: Ctx }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `sightline-dispatch-${lang}-`));
  fs.cpSync(path.join(FIXTURES, 'quality', lang), root, { recursive: true });
  const logger = new RingLogger();
  const engine = new Engine({ root, logger, storageDir: null, workers: 0 });
  await engine.index();
  const workspaces = new Workspaces([engine]);
  return { root, ctx: { engine, workspaces, features: new IndexLanguageFeatures(workspaces), logger } };
}

function close(w: { root: string; ctx: Ctx }): void {
  w.ctx.engine.dispose();
  removeDir(w.root);
}

type Entry = { id: string; resolution: string; confidence: number };
const byId = (list: Entry[]) => Object.fromEntries(list.map((e) => [e.id, e.resolution]));
/** The fixture's implementations of `Pipe.pipe` (quality/typescript): a call through the interface may run each. */
const PIPE_IMPLEMENTATIONS = {
  'app/kinds.ts#Tagged.pipe': 'dispatch',
  'app/kinds.ts#proto.pipe': 'dispatch',
  'app/kinds.ts#plain.pipe': 'dispatch',
  'app/kinds.ts#wrapped.pipe': 'dispatch',
  'app/errors.ts#Failure.pipe': 'dispatch',
  'app/errors.ts#Missing.pipe': 'dispatch',
};

describe('dispatch: calls through a base, interface or trait reach the overrides', () => {
  describe('TypeScript receivers typed by their declarations, type aliases and annotated constants (quality/typescript)', () => {
    let w: { root: string; ctx: Ctx };
    before(async () => (w = await indexed('typescript')));
    after(() => close(w));

    it('a function-typed interface property dispatches to the implementing methods, through elements, destructuring and `!`', async () => {
      const next = await callTool(w.ctx, 'find_callers', { symbol: 'lib/events.ts#Counter.next', depth: 1 });
      assert.deepEqual(byId(next.callers), { 'lib/events.ts#Hub.emit': 'dispatch' });
      const done = await callTool(w.ctx, 'find_callers', { symbol: 'lib/events.ts#Counter.done', depth: 1 });
      assert.deepEqual(byId(done.callers), { 'lib/events.ts#Hub.close': 'dispatch', 'lib/events.ts#Hub.drain': 'dispatch' });
      for (const c of [...next.callers, ...done.callers]) assert.ok(c.confidence >= 0.5, `${c.id} ${c.confidence}`);
      // `slot.recorder.done()`: the interface property's declared class, a direct call.
      const recorder = await callTool(w.ctx, 'find_callers', { symbol: 'lib/events.ts#Recorder.done', depth: 1, dispatch: false });
      assert.deepEqual(ids(recorder.callers), ['lib/events.ts#Hub.drain']);
    });

    it('a class implementing a lib.d.ts interface is reached through values typed by that interface, never through their properties', async () => {
      const r = await callTool(w.ctx, 'find_callers', { symbol: 'lib/countdown.ts#Countdown.next', depth: 1 });
      assert.deepEqual(byId(r.callers), { 'lib/countdown.ts#first': 'dispatch', 'lib/countdown.ts#firstOf': 'dispatch' });
      for (const c of r.callers) assert.equal(c.confidence, 0.5, c.id);
      // `r.done` of the IteratorResult is no Iterator: nothing else reaches next().
      const callees = await callTool(w.ctx, 'find_callees', { symbol: 'lib/countdown.ts#first', depth: 1, min_confidence: 0 });
      assert.deepEqual(ids(callees.callees), ['lib/countdown.ts#Countdown.next']);
    });

    it('an object literal typed by a union alias implements its parts\' members; calls typed by a constant\'s function type, overloads or dual<…> dispatch', async () => {
      const r = await callTool(w.ctx, 'find_callers', { symbol: 'app/kinds.ts#plain.pipe', depth: 1 });
      // `proto.pipe()` in both() is Pipe.pipe too (proto is an `Omit<…>` of it).
      assert.deepEqual(byId(r.callers), {
        'app/kinds.ts#both': 'dispatch',
        'app/kinds.ts#viaAnnotation': 'dispatch',
        'app/kinds.ts#viaDual': 'dispatch',
        'app/kinds.ts#viaLongReceiver': 'dispatch',
        'app/kinds.ts#viaOverloads': 'dispatch',
        'app/kinds.ts#wrapped.pipe': 'dispatch',
        'app/schemas.ts#viaClassBase': 'dispatch',
        'app/schemas.ts#viaHold': 'dispatch',
        'lib/pipeable.ts#show': 'dispatch',
      });
      // The literal a `dual<…>` body returns implements Pipe too.
      const wrapped = await callTool(w.ctx, 'find_callers', { symbol: 'app/kinds.ts#wrapped.pipe', depth: 1 });
      assert.equal(byId(wrapped.callers)['app/kinds.ts#viaDual'], 'dispatch');
      for (const c of r.callers) assert.ok(c.confidence >= 0.5, `${c.id} ${c.confidence}`);
      const callees = await callTool(w.ctx, 'find_callees', { symbol: 'app/kinds.ts#viaAnnotation', depth: 1 });
      assert.deepEqual(byId(callees.callees), {
        'app/kinds.ts#tagged': 'scope',
        'lib/pipeable.ts#Pipe.pipe': 'member',
        ...PIPE_IMPLEMENTATIONS,
      });
    });

    it('calls after syntax tree-sitter misreads are found; a class extending what a call returns extends its declared result', async () => {
      // Line-separated call signatures and `in out` precede these calls in app/schemas.ts (see src/index/ts-repair.ts).
      const hold = await callTool(w.ctx, 'find_callees', { symbol: 'app/schemas.ts#viaHold', depth: 1 });
      assert.equal(byId(hold.callees)['app/schemas.ts#hold'], 'scope');
      assert.equal(byId(hold.callees)['lib/pipeable.ts#Pipe.pipe'], 'member');
      // `Text.pipe()` and `Built.pipe()`: Text extends makeClass(), Built extends builder().build(), both a PipeableClass.
      const r = await callTool(w.ctx, 'find_callees', { symbol: 'app/schemas.ts#viaClassBase', depth: 1 });
      assert.deepEqual(byId(r.callees), { 'lib/pipeable.ts#Pipe.pipe': 'member', ...PIPE_IMPLEMENTATIONS });
      assert.deepEqual(w.ctx.engine.graph!.table.byId.get('app/schemas.ts#Built')?.heritage, ['builder(…).build()']);
    });

    it('a class extending a constant typed as a constructor, or what a function returning one returns, extends the instance type', async () => {
      // `extends ErrorBase<{…}>` and `extends TaggedBase('Missing')<{…}>`: both construct a `P.Pipe & …` (effect's Data.Error, TaggedError).
      const table = w.ctx.engine.graph!.table;
      assert.equal(table.byId.get('app/errors.ts#ErrorBase')?.returns, 'P.Pipe');
      assert.equal(table.byId.get('app/errors.ts#TaggedBase')?.returns, 'P.Pipe');
      for (const impl of ['app/errors.ts#Failure.pipe', 'app/errors.ts#Missing.pipe']) {
        const r = await callTool(w.ctx, 'find_callers', { symbol: impl, depth: 1 });
        // `show(p)` calls `p.pipe()` on a Pipe; viaErrors calls the override directly.
        assert.equal(byId(r.callers)['lib/pipeable.ts#show'], 'dispatch', impl);
        assert.notEqual(byId(r.callers)['app/errors.ts#viaErrors'], undefined, impl);
      }
    });
  });

  describe('TypeScript and JSX (quality/tsx)', () => {
    let w: { root: string; ctx: Ctx };
    before(async () => (w = await indexed('tsx')));
    after(() => close(w));

    it('find_callers lists callers through the interface and the base as `dispatch`, and dispatch: false leaves them out', async () => {
      const r = await callTool(w.ctx, 'find_callers', { symbol: 'src/features/impls.ts#Search.initialize', depth: 1 });
      assert.deepEqual(byId(r.callers), {
        'src/features/feature.ts#BaseFeature.start': 'dispatch',
        'src/features/run.ts#boot': 'dispatch',
      });
      for (const c of r.callers) assert.ok(c.confidence >= 0.5 && c.confidence < 1, `${c.id} ${c.confidence}`);
      const direct = await callTool(w.ctx, 'find_callers', { symbol: 'src/features/impls.ts#Search.initialize', depth: 1, dispatch: false });
      assert.deepEqual(direct.callers, []);
    });

    it('a super call reaches the base member only, never a sibling override', async () => {
      const base = await callTool(w.ctx, 'find_callers', { symbol: 'src/features/feature.ts#BaseFeature.dispose', depth: 1, dispatch: false });
      assert.deepEqual(ids(base.callers), ['src/features/impls.ts#Theme.dispose']);
      const theme = await callTool(w.ctx, 'find_callers', { symbol: 'src/features/impls.ts#Theme.initialize', depth: 1 });
      assert.equal(byId(theme.callers)['src/features/impls.ts#DarkTheme.initialize'], 'member');
      const dark = await callTool(w.ctx, 'find_callers', { symbol: 'src/features/impls.ts#DarkTheme.initialize', depth: 1 });
      assert.ok(!ids(dark.callers).includes('src/features/impls.ts#DarkTheme.initialize'));
      assert.equal(byId(dark.callers)['src/features/run.ts#retheme'], 'dispatch');
    });

    it('find_callees lists every implementation a call through the interface may run, object literals included', async () => {
      const r = await callTool(w.ctx, 'find_callees', { symbol: 'src/features/run.ts#shutdown', depth: 1 });
      assert.deepEqual(byId(r.callees), {
        'src/features/feature.ts#Feature.dispose': 'member',
        'src/features/feature.ts#BaseFeature.dispose': 'dispatch',
        'src/features/impls.ts#Theme.dispose': 'dispatch',
        'src/features/literal.ts#noop.dispose': 'dispatch',
        'src/features/literal.ts#counting.dispose': 'dispatch',
      });
      const direct = await callTool(w.ctx, 'find_callees', { symbol: 'src/features/run.ts#shutdown', depth: 1, dispatch: false });
      assert.deepEqual(ids(direct.callees), ['src/features/feature.ts#Feature.dispose']);
    });

    it('go_to_definition at a call through the interface names the interface member, not the overrides', async () => {
      const r = await callTool(w.ctx, 'go_to_definition', { file: 'src/features/run.ts', line: 11, character: 11 });
      assert.deepEqual(r.definitions.map((d: { symbol_id?: string; id?: string }) => d.symbol_id ?? d.id), ['src/features/feature.ts#Feature.dispose']);
    });

    it('blast_radius and related follow dispatch edges and show the resolution', async () => {
      const blast = await callTool(w.ctx, 'blast_radius', { target: 'src/features/literal.ts#noop.initialize', depth: 2 });
      assert.equal(byId(blast.symbols)['src/features/run.ts#boot'], 'dispatch');
      assert.ok(blast.files.includes('src/features/run.ts'), blast.files.join(', '));
      const narrow = await callTool(w.ctx, 'blast_radius', { target: 'src/features/literal.ts#noop.initialize', depth: 2, dispatch: false });
      assert.deepEqual(narrow.symbols, []);
      const related = await callTool(w.ctx, 'related', { node_id: 'src/features/literal.ts#noop.initialize', direction: 'callers' });
      const edge = related.edges.find((e: { from: string }) => e.from === 'src/features/run.ts#boot');
      assert.equal(edge?.resolution, 'dispatch');
    });

    it('JSX element use calls the component, in .tsx, .jsx and .js files; intrinsic elements are not edges', async () => {
      const button = await callTool(w.ctx, 'find_callers', { symbol: 'src/ui/Button.tsx#Button', depth: 1 });
      assert.deepEqual(ids(button.callers), ['src/App.tsx#App', 'src/legacy.jsx#Legacy']);
      const app = button.callers.find((c: { id: string }) => c.id === 'src/App.tsx#App');
      // `<Button …/>` and `<ui.Button>…</ui.Button>`: two sites, one edge.
      assert.deepEqual(app.call_sites.map((s: { line: number }) => s.line), [10, 11]);
      const card = await callTool(w.ctx, 'find_callers', { symbol: 'src/ui/Button.tsx#Card', depth: 2 });
      assert.deepEqual(ids(card.callers), ['src/App.tsx#App', 'src/ui/Button.tsx#Panel.render', 'src/widget.js#Widget']);
      const blast = await callTool(w.ctx, 'blast_radius', { target: 'src/ui/Button.tsx#Button', depth: 2 });
      assert.deepEqual(blast.files, ['src/App.tsx', 'src/legacy.jsx', 'src/widget.js']);
      const callees = await callTool(w.ctx, 'find_callees', { symbol: 'src/App.tsx#App', depth: 1 });
      assert.deepEqual(ids(callees.callees), ['src/ui/Button.tsx#Button', 'src/ui/Button.tsx#Card', 'src/ui/Button.tsx#Panel']);
    });

    it('an edit inside a body re-links in place and keeps the dispatch edges right', async () => {
      const graph = w.ctx.engine.graph;
      const file = 'src/features/run.ts';
      const text = fs.readFileSync(path.join(w.root, file), 'utf8');
      const callers = async () => ids((await callTool(w.ctx, 'find_callers', { symbol: 'src/features/impls.ts#Search.initialize', depth: 1 })).callers);
      w.ctx.engine.setOverlay(file, text.replace("for (const f of features) f.initialize('on');", 'void features;'));
      assert.equal(await w.ctx.engine.ready(), graph, 'same graph object: re-linked in place');
      assert.deepEqual(await callers(), ['src/features/feature.ts#BaseFeature.start']);
      w.ctx.engine.setOverlay(file, text.replace("feature.dispose();\n", "feature.dispose();\n  feature.initialize('x');\n"));
      assert.equal(await w.ctx.engine.ready(), graph);
      assert.deepEqual(await callers(), ['src/features/feature.ts#BaseFeature.start', 'src/features/run.ts#boot', 'src/features/run.ts#shutdown']);
      w.ctx.engine.setOverlay(file, undefined);
      await w.ctx.engine.ready();
      assert.deepEqual(await callers(), ['src/features/feature.ts#BaseFeature.start', 'src/features/run.ts#boot']);
    });
  });

  describe('Python (quality/python)', () => {
    let w: { root: string; ctx: Ctx };
    before(async () => (w = await indexed('python')));
    after(() => close(w));

    it('self.m() in the base and calls through a typed parameter reach the overrides; super() does not', async () => {
      const auth = await callTool(w.ctx, 'find_callers', { symbol: 'shop/handlers.py#AuthHandler.process', depth: 1 });
      assert.deepEqual(byId(auth.callers), { 'shop/handlers.py#Handler.handle': 'dispatch', 'shop/handlers.py#process_all': 'dispatch' });
      const echo = await callTool(w.ctx, 'find_callers', { symbol: 'shop/handlers.py#EchoHandler.process', depth: 1 });
      assert.equal(byId(echo.callers)['shop/handlers.py#LoudHandler.process'], 'member');
      const before = await callTool(w.ctx, 'find_callers', { symbol: 'shop/handlers.py#Handler.before', depth: 1 });
      assert.deepEqual(byId(before.callers), { 'shop/handlers.py#Handler.handle': 'member', 'shop/handlers.py#AuthHandler.before': 'member' });
      const depth2 = await callTool(w.ctx, 'find_callers', { symbol: 'shop/handlers.py#AuthHandler.before', depth: 2 });
      assert.deepEqual(ids(depth2.callers), ['shop/handlers.py#Handler.handle', 'shop/handlers.py#serve']);
    });

    it('self.m() in a base that leaves m to its subclasses reaches each subclass\'s m, and a mixin\'s self call its host\'s', async () => {
      const run = await callTool(w.ctx, 'find_callers', { symbol: 'shop/jobs.py#PrintJob.run', depth: 2 });
      assert.deepEqual(byId(run.callers), { 'shop/jobs.py#Job.execute': 'dispatch', 'shop/jobs.py#Retrying.attempt': 'dispatch' });
      const callees = await callTool(w.ctx, 'find_callees', { symbol: 'shop/jobs.py#Job.execute', depth: 1, dispatch: false });
      assert.deepEqual(ids(callees.callees), ['shop/jobs.py#Job.prepare']);
    });
  });

  describe('Go (quality/go)', () => {
    let w: { root: string; ctx: Ctx };
    before(async () => (w = await indexed('go')));
    after(() => close(w));

    it('an interface call reaches the types whose method set satisfies the interface, and only those', async () => {
      const handle = await callTool(w.ctx, 'find_callers', { symbol: 'events/handlers.go#Upper.Handle', depth: 1 });
      // Each[H Handler]: a type parameter constrained by the interface.
      // Archive.Put calls through a field typed events.Handler, Use through a variadic ...events.Handler.
      assert.deepEqual(byId(handle.callers), {
        'events/handlers.go#Dispatch': 'dispatch', 'events/run.go#RunAll': 'dispatch', 'events/generic.go#Each': 'dispatch', 'typed/typed.go#Archive.Put': 'dispatch', 'typed/typed.go#Use': 'dispatch',
      });
      // Promoted from the embedded struct: Upper satisfies Handler with base's Name.
      const promoted = await callTool(w.ctx, 'find_callers', { symbol: 'events/handlers.go#base.Name', depth: 1 });
      assert.deepEqual(ids(promoted.callers), ['events/generic.go#NameOf', 'events/handlers.go#Dispatch', 'events/handlers.go#Label']);
      // Silent is Named but not a Handler.
      const silent = await callTool(w.ctx, 'find_callers', { symbol: 'events/handlers.go#Silent.Name', depth: 1 });
      assert.deepEqual(ids(silent.callers), ['events/generic.go#NameOf', 'events/handlers.go#Label']);
      // A method set is matched by signature too: Valve's Close() is not Closer's Close() error.
      const file = await callTool(w.ctx, 'find_callers', { symbol: 'typed/typed.go#File.Close', depth: 1 });
      assert.deepEqual(byId(file.callers), { 'typed/typed.go#Use': 'member', 'typed/typed.go#Guarded.Shut': 'dispatch', 'typed/typed.go#CloseAll': 'member' });
      const valve = await callTool(w.ctx, 'find_callers', { symbol: 'typed/typed.go#Valve.Close', depth: 1, min_confidence: 0 });
      assert.deepEqual(valve.callers, []);
      const callees = await callTool(w.ctx, 'find_callees', { symbol: 'geometry/shapes.go#Describe', depth: 1 });
      assert.deepEqual(byId(callees.callees), {
        'geometry/shapes.go#Shape.Area': 'member',
        'geometry/shapes.go#Rect.Area': 'dispatch',
        'geometry/shapes.go#Circle.Area': 'dispatch',
      });
    });

    it('err.Error() on the predeclared error interface reaches every Error() string method', async () => {
      const r = await callTool(w.ctx, 'find_callers', { symbol: 'typed/typed.go#NotFound.Error', depth: 1 });
      assert.deepEqual(r.callers.map((c: Entry) => [c.id, c.resolution, c.confidence]), [['typed/typed.go#Report', 'dispatch', 0.9]]);
    });
  });

  describe('Rust (quality/rust)', () => {
    let w: { root: string; ctx: Ctx };
    before(async () => (w = await indexed('rust')));
    after(() => close(w));

    it('dyn, impl Trait, generic and where bounds and default methods reach the impls, also in another file', async () => {
      const run = await callTool(w.ctx, 'find_callers', { symbol: 'src/plugins_impl.rs#Count.run', depth: 1 });
      assert.deepEqual(byId(run.callers), { 'src/plugins.rs#run_dyn': 'dispatch', 'src/plugins.rs#run_generic': 'dispatch' });
      const name = await callTool(w.ctx, 'find_callers', { symbol: 'src/plugins_impl.rs#Echo.name', depth: 1 });
      assert.deepEqual(byId(name.callers), {
        'src/plugins.rs#Plugin.run': 'dispatch',
        'src/plugins.rs#name_of': 'dispatch',
        'src/plugins.rs#name_where': 'dispatch',
      });
      const direct = await callTool(w.ctx, 'find_callers', { symbol: 'src/plugins_impl.rs#Echo.name', depth: 1, dispatch: false });
      assert.deepEqual(direct.callers, []);
    });
  });

  describe('fan-out', () => {
    let root: string;
    let ctx: Ctx;
    before(async () => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-fanout-'));
      const impls = (prefix: string, n: number, relation = 'implements') =>
        Array.from({ length: n }, (_, i) => `export class ${prefix}${i} ${relation} ${prefix} {\n  visit(): void {}\n}\n`).join('');
      fs.writeFileSync(path.join(root, 'few.ts'), `export interface Few {\n  visit(): void;\n}\n${impls('Few', 2)}export function walkFew(v: Few) {\n  v.visit();\n}\n`);
      // A base class with a body of its own, overridden 20 times; an interface implemented 20 times.
      fs.writeFileSync(path.join(root, 'many.ts'), `export class Many {\n  visit(): void {}\n}\n${impls('Many', 20, 'extends')}export function walkMany(v: Many) {\n  v.visit();\n}\n`);
      fs.writeFileSync(path.join(root, 'wide.ts'), `export interface Wide {\n  visit(): void;\n}\n${impls('Wide', 20)}export function walkWide(v: Wide) {\n  v.visit();\n}\n`);
      fs.writeFileSync(
        path.join(root, 'static.ts'),
        'export class Base {\n  static create(): Base {\n    return new Base();\n  }\n}\nexport class Sub extends Base {\n  static create(): Sub {\n    return new Sub();\n  }\n}\nexport function make() {\n  return Base.create();\n}\n',
      );
      const huge = MAX_DISPATCH_TARGETS + 6;
      const goImpls = Array.from({ length: 40 }, (_, i) => `type V${i} struct{}\n\nfunc (V${i}) Visit() {}\n`).join('\n');
      fs.writeFileSync(path.join(root, 'visit.go'), `package visit\n\ntype Visitor interface {\n\tVisit()\n}\n\n${goImpls}\nfunc Walk(v Visitor) {\n\tv.Visit()\n}\n`);
      // A base class with a body overridden past the cap; interfaces implemented past MAX_DISPATCH_TARGETS and past their own cap.
      fs.writeFileSync(path.join(root, 'huge.ts'), `export class Huge {\n  visit(): void {}\n}\n${impls('Huge', huge, 'extends')}export function walkHuge(v: Huge) {\n  v.visit();\n}\n`);
      fs.writeFileSync(path.join(root, 'hub.ts'), `export interface Hub {\n  visit(): void;\n}\n${impls('Hub', huge)}export function walkHub(v: Hub) {\n  v.visit();\n}\n`);
      const past = MAX_INTERFACE_MEMBER_TARGETS + 1;
      fs.writeFileSync(path.join(root, 'past.ts'), `export interface Past {\n  visit(): void;\n}\n${impls('Past', past)}export function walkPast(v: Past) {\n  v.visit();\n}\n`);
      const logger = new RingLogger();
      const engine = new Engine({ root, logger, storageDir: null, workers: 0 });
      await engine.index();
      const workspaces = new Workspaces([engine]);
      ctx = { engine, workspaces, features: new IndexLanguageFeatures(workspaces), logger };
    });
    after(() => {
      ctx.engine.dispose();
      removeDir(root);
    });

    it('confidence falls with the number of overrides: few are shown, many only on request, a huge fan-out not at all', async () => {
      const few = await callTool(ctx, 'find_callees', { symbol: 'walkFew', depth: 1 });
      assert.equal(few.callees.filter((c: Entry) => c.resolution === 'dispatch').length, 2);
      const many = await callTool(ctx, 'find_callees', { symbol: 'walkMany', depth: 1 });
      assert.deepEqual(ids(many.callees), ['many.ts#Many.visit']);
      const manyAll = await callTool(ctx, 'find_callees', { symbol: 'walkMany', depth: 1, min_confidence: 0 });
      assert.equal(manyAll.callees.filter((c: Entry) => c.resolution === 'dispatch').length, 20);
      const huge = await callTool(ctx, 'find_callees', { symbol: 'walkHuge', depth: 1, min_confidence: 0 });
      assert.deepEqual(ids(huge.callees), ['huge.ts#Huge.visit']);
    });

    it('an interface member (no body) keeps every implementation past MAX_DISPATCH_TARGETS at the floor, none past its own cap', async () => {
      const hub = await callTool(ctx, 'find_callees', { symbol: 'walkHub', depth: 1, max_tokens: 50000 });
      const dispatched = hub.callees.filter((c: Entry) => c.resolution === 'dispatch');
      assert.equal(dispatched.length, MAX_DISPATCH_TARGETS + 6);
      for (const c of dispatched) assert.equal(c.confidence, 0.5, c.id);
      const past = await callTool(ctx, 'find_callees', { symbol: 'walkPast', depth: 1, min_confidence: 0 });
      assert.deepEqual(ids(past.callees), ['past.ts#Past.visit']);
    });

    it('an interface member has no body: each of its 20 implementations is shown at the default floor', async () => {
      const wide = await callTool(ctx, 'find_callees', { symbol: 'walkWide', depth: 1 });
      const dispatched = wide.callees.filter((c: Entry) => c.resolution === 'dispatch');
      assert.equal(dispatched.length, 20);
      for (const c of dispatched) assert.equal(c.confidence, 0.5, c.id);
    });

    it('Go: through an interface-typed receiver every implementation stays at the default floor, however many', async () => {
      const r = await callTool(ctx, 'find_callees', { symbol: 'visit.go#Walk', depth: 1 });
      const dispatched = r.callees.filter((c: Entry) => c.resolution === 'dispatch');
      assert.equal(dispatched.length, 40);
      assert.ok(dispatched.every((c: Entry) => c.confidence === 0.5));
      assert.equal(dispatchConfidence(1, 40, true), 0.5);
      assert.equal(dispatchConfidence(1, 2, true), 0.8);
    });

    it('a static method is called through its class: no dispatch to a subclass\'s static of the same name', async () => {
      const r = await callTool(ctx, 'find_callees', { symbol: 'make', depth: 1, min_confidence: 0 });
      assert.deepEqual(ids(r.callees), ['static.ts#Base.create']);
    });

    it('the formula: 0.9 for one implementation, 0.1 less per doubling, capped by the call\'s own confidence', () => {
      assert.deepEqual([1, 2, 4, 8, 16, 32].map((n) => dispatchConfidence(1, n)), [0.9, 0.8, 0.7, 0.6, 0.5, 0.4]);
      assert.equal(dispatchConfidence(0.6, 1), 0.6);
      assert.ok(dispatchConfidence(1, 17) < 0.5);
      // An interface member: never below the floor by count alone, never above the call's own confidence.
      assert.deepEqual([1, 16, 17, 64].map((n) => dispatchConfidence(1, n, true)), [0.9, 0.5, 0.5, 0.5]);
      assert.equal(dispatchConfidence(0.4, 17, true), 0.4);
    });
  });
});
