import type { Node } from 'web-tree-sitter';
import type { ImportRecord } from './records';

/**
 * Flattens a Rust use tree (`use crate::a::{self, b as c, d::*}`) into one ImportRecord per binding.
 * `source` is the module path with `::`; `name` the item (or '*'); `self` binds the module itself.
 */
export function rustUseImports(arg: Node, line: number): ImportRecord[] {
  const out: ImportRecord[] = [];
  walk(arg, [], out, line);
  return out;
}

function walk(node: Node, prefix: string[], out: ImportRecord[], line: number): void {
  switch (node.type) {
    case 'scoped_use_list': {
      const path = node.childForFieldName('path');
      const list = node.childForFieldName('list');
      const next = path ? [...prefix, ...segments(path)] : prefix;
      if (list) for (const child of list.namedChildren) if (child) walk(child, next, out, line);
      return;
    }
    case 'use_list':
      for (const child of node.namedChildren) if (child) walk(child, prefix, out, line);
      return;
    case 'use_wildcard': {
      const inner = node.namedChild(0);
      const path = inner ? [...prefix, ...segments(inner)] : prefix;
      out.push({ source: path.join('::'), name: '*', line });
      return;
    }
    case 'use_as_clause': {
      const path = node.childForFieldName('path');
      const alias = node.childForFieldName('alias')?.text;
      if (path) bind([...prefix, ...segments(path)], alias, out, line);
      return;
    }
    case 'self':
      bind([...prefix, 'self'], undefined, out, line);
      return;
    default:
      bind([...prefix, ...segments(node)], undefined, out, line);
  }
}

function bind(path: string[], alias: string | undefined, out: ImportRecord[], line: number): void {
  if (path.length === 0) return;
  let last = path[path.length - 1];
  let modulePath = path.slice(0, -1);
  if (last === 'self') {
    // `use a::b::{self}` binds module b.
    last = modulePath[modulePath.length - 1];
    out.push({ source: modulePath.join('::'), local: alias ?? last, namespace: true, line });
    return;
  }
  if (modulePath.length === 0) {
    // `use foo;` binds a crate or module named foo.
    out.push({ source: last, local: alias ?? last, namespace: true, line });
    return;
  }
  out.push({ source: modulePath.join('::'), name: last, local: alias ?? last, line });
  modulePath = [];
}

function segments(node: Node): string[] {
  return node.text.replace(/\s+/g, '').split('::').filter(Boolean);
}
