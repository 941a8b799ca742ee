import * as assert from 'node:assert/strict';
import { annotatedParameters, calleeOfCallExpression, goMethodShape, returnTypeName } from '../../src/graph/signatures';

describe('reading types out of signatures (no type checker)', () => {
  describe('returnTypeName', () => {
    it('reads the declared return type per language family', () => {
      assert.equal(returnTypeName('export function innerFrom<O>(input: O): Observable<ObservedValueOf<O>>', 'innerFrom', 'js'), 'Observable');
      assert.equal(returnTypeName('make = (a: (x: number) => void): ns.Repo =>', 'make', 'js'), 'ns.Repo');
      assert.equal(returnTypeName('async function load(): Promise<Row>', 'load', 'js'), 'Row');
      assert.equal(returnTypeName('def make(self, n) -> "Repo"', 'make', 'python'), 'Repo');
      assert.equal(returnTypeName('pub fn new(r: f64) -> Self', 'new', 'rust'), 'Self');
      assert.equal(returnTypeName('fn shapes() -> Box<dyn Shape>', 'shapes', 'rust'), 'Shape');
      assert.equal(returnTypeName('func NewStore(dir string) (*store.Store, error)', 'NewStore', 'go'), 'store.Store');
    });
    it('TS: a constant annotated with a function type returns that type\'s result', () => {
      assert.equal(returnTypeName('export const sleep: (duration: Duration.DurationInput) => Effect<void> = effect.sleep', 'sleep', 'js'), 'Effect');
      assert.equal(returnTypeName('export const empty: <K, V = never>(ord: Order<K>) => RedBlackTree<K, V> = RBT.empty', 'empty', 'js'), 'RedBlackTree');
      assert.equal(returnTypeName('const tagged: () => P.Pipe = () =>', 'tagged', 'js'), 'P.Pipe');
      // Curried (a function returned), a predicate, or an arrow with no annotation: nothing.
      assert.equal(returnTypeName('export const f: (a: A) => (b: B) => Effect<A> = x', 'f', 'js'), undefined);
      assert.equal(returnTypeName('export const isX: (u: unknown) => u is Foo = x', 'isX', 'js'), undefined);
      assert.equal(returnTypeName('export const g = (a: number) =>', 'g', 'js'), undefined);
    });
    it('gives nothing for predicates, unions of several types and missing return types', () => {
      assert.equal(returnTypeName('function isRepo(x: unknown): x is Repo', 'isRepo', 'js'), undefined);
      assert.equal(returnTypeName('function f(a: A)', 'f', 'js'), undefined);
      assert.equal(returnTypeName('function g(): Repo | Cache', 'g', 'js'), undefined);
      assert.equal(returnTypeName('func (s *Store) Touch(key string)', 'Touch', 'go'), undefined);
    });
    it('Go: any of several results, named or not, and named results grouped under one type', () => {
      assert.equal(returnTypeName('func (w *W) Write(p []byte) (n int, err error)', 'Write', 'go', 1), 'error');
      assert.equal(returnTypeName('func Open(name string) (*File, error)', 'Open', 'go', 1), 'error');
      assert.equal(returnTypeName('func Pair() (a, b *pkg.T)', 'Pair', 'go', 0), 'pkg.T');
      assert.equal(returnTypeName('func List() (xs []T, err error)', 'List', 'go', 0), undefined);
      assert.equal(returnTypeName('func One() error', 'One', 'go', 1), undefined);
      assert.equal(returnTypeName('func Ch() chan T', 'Ch', 'go'), undefined);
      assert.equal(returnTypeName('func M() (m map[string]*Node, err error)', 'M', 'go'), undefined);
    });
    it('Go: the element type of a slice, array or map result, for ranging over it', () => {
      assert.equal(returnTypeName('func ReadDir(name string) ([]DirEntry, error)', 'ReadDir', 'go', 0, true), 'DirEntry');
      assert.equal(returnTypeName('func Names() []*pkg.T', 'Names', 'go', 0, true), 'pkg.T');
      assert.equal(returnTypeName('func M() (m map[string]*Node, err error)', 'M', 'go', 0, true), 'Node');
      assert.equal(returnTypeName('func F() (*T, error)', 'F', 'go', 0, true), undefined);
    });
  });

  describe('goMethodShape', () => {
    it('compares Go methods by parameter and result types, without names or package qualifiers', () => {
      const write = goMethodShape('func (d *digest) Write(p []byte) (nn int, err error)', 'Write');
      assert.equal(write, '([]byte)(int,error)');
      assert.equal(goMethodShape('Write([]byte) (int, error)', 'Write'), write);
      assert.equal(goMethodShape('func (s *S) Do(a, b int, r io.Reader, f func(int) error) *pkg.T', 'Do'), '(int,int,Reader,func(int)error)(*T)');
      assert.notEqual(goMethodShape('func (v Value) Close()', 'Close'), goMethodShape('Close() error', 'Close'));
      assert.equal(goMethodShape('Get(key interface{}) any', 'Get'), '(any)(any)');
      assert.equal(goMethodShape('func (t *T) Long(a int, b …', 'Long'), undefined);
    });
  });

  describe('calleeOfCallExpression', () => {
    it('finds the callee of a receiver that is one call on a plain path', () => {
      assert.equal(calleeOfCallExpression('innerFrom(input)'), 'innerFrom');
      assert.equal(calleeOfCallExpression('a.b(x,f(y))'), 'a.b');
      assert.equal(calleeOfCallExpression('Circle::unit()'), 'Circle::unit');
      assert.equal(calleeOfCallExpression('new ns.Foo(1)'), 'ns.Foo');
      assert.equal(calleeOfCallExpression('make<T>()'), 'make');
    });
    it('refuses chains, element access and non-calls', () => {
      assert.equal(calleeOfCallExpression('a().b()'), undefined);
      assert.equal(calleeOfCallExpression('xs[0](1)'), undefined);
      assert.equal(calleeOfCallExpression('this.repo'), undefined);
    });
  });

  it('annotatedParameters lists the named, annotated parameters of a TS signature', () => {
    assert.deepEqual(annotatedParameters('export function f(source: Observable<T>, n?: number, private readonly repo: db.Repo)'), [
      ['source', 'Observable'],
      ['n', 'number'],
      ['repo', 'db.Repo'],
    ]);
    assert.deepEqual(annotatedParameters('const x = 1'), []);
  });
});
