/**
 * Standard types and builtin functions that no workspace declares: a receiver of one of these is outside the
 * workspace, so `m.group()` on `m = re.match(…)` or `self.items.pop()` on a `Vec` is never name-matched to a
 * workspace method of the same name. A workspace type of the same name wins (it is looked up first).
 */
const BUILTIN_TYPES: Record<string, ReadonlySet<string>> = {
  python: new Set([
    'str', 'int', 'float', 'bool', 'bytes', 'bytearray', 'complex', 'list', 'dict', 'set', 'frozenset', 'tuple', 'object', 'type',
    'open', 'len', 'repr', 'sorted', 'reversed', 'enumerate', 'zip', 'range', 'iter', 'format', 'hex', 'oct', 'bin', 'chr', 'ord',
    'List', 'Dict', 'Set', 'FrozenSet', 'Tuple', 'Sequence', 'Mapping', 'MutableMapping', 'Iterable', 'Iterator', 'Optional', 'Any',
  ]),
  rust: new Set([
    'Vec', 'VecDeque', 'String', 'str', 'HashMap', 'HashSet', 'BTreeMap', 'BTreeSet', 'BinaryHeap', 'LinkedList', 'Option', 'Result',
    'Box', 'Rc', 'Arc', 'RefCell', 'Cell', 'Mutex', 'RwLock', 'PathBuf', 'Path', 'Duration', 'Instant',
    'i8', 'i16', 'i32', 'i64', 'i128', 'isize', 'u8', 'u16', 'u32', 'u64', 'u128', 'usize', 'f32', 'f64', 'bool', 'char',
  ]),
  go: new Set(['string', 'int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'float32', 'float64', 'bool', 'byte', 'rune', 'error', 'any']),
};

export function builtinType(family: string, name: string): boolean {
  return BUILTIN_TYPES[family]?.has(name) ?? false;
}
