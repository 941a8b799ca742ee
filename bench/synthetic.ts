import * as fs from 'node:fs';
import * as path from 'node:path';
import { seededRandom } from './seeded-random';

/**
 * Generates a TypeScript project of a given size for the growth curve. Real corpora come in fixed sizes;
 * this one scales while keeping the shape of application code: ~300-line modules in nested packages,
 * imports of a few sibling and shared modules, classes with methods and free functions of 6–20 lines, and
 * about one call per three lines (local calls, imported functions, `this.` methods, constructors),
 * which is the call density measured on effect and rxjs. Deterministic: the same size gives the same bytes.
 */
const LINES_PER_FILE = 300;
const FILES_PER_DIR = 40;

function modulePath(i: number): string {
  return `pkg${Math.floor(i / FILES_PER_DIR)}/mod${i}`;
}

function relImport(from: number, to: number): string {
  const a = path.posix.dirname(modulePath(from));
  const rel = path.posix.relative(a, modulePath(to));
  return rel.startsWith('.') ? rel : `./${rel}`;
}

export function generateSynthetic(dir: string, loc: number): void {
  const files = Math.max(1, Math.round(loc / LINES_PER_FILE));
  for (let i = 0; i < files; i++) {
    const file = path.join(dir, `${modulePath(i)}.ts`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, moduleSource(i, files));
  }
}

function moduleSource(i: number, files: number): string {
  const r = seededRandom(i * 7919 + 1);
  const pick = (n: number) => Math.floor(r() * n);
  // Mostly near neighbours (same package), sometimes a shared "core" module: a skewed, realistic fan-in.
  const deps = new Set<number>();
  for (let k = 0; k < 4 && files > 1; k++) {
    const j = r() < 0.25 ? pick(Math.min(files, 20)) : Math.max(0, Math.min(files - 1, i + pick(60) - 30));
    if (j !== i) deps.add(j);
  }
  const out: string[] = [];
  const depList = [...deps];
  for (const j of depList) out.push(`import { fn${j}_0, fn${j}_1, Service${j} } from '${relImport(i, j)}';`);
  out.push('', `/** Module ${i}: generated for the growth benchmark. */`);
  const localFns: string[] = [];
  let lines = out.length;
  let f = 0;
  const callLine = (indent: string, self: boolean): string => {
    const roll = r();
    if (roll < 0.35 && localFns.length) return `${indent}total += ${localFns[pick(localFns.length)]}(total, ${pick(100)});`;
    if (roll < 0.7 && depList.length) return `${indent}total += fn${depList[pick(depList.length)]}_${pick(2)}(total, ${pick(100)});`;
    if (roll < 0.85 && self) return `${indent}total += this.helper${pick(3)}(total);`;
    if (depList.length) return `${indent}total += new Service${depList[pick(depList.length)]}().run(total);`;
    return `${indent}total += Math.max(total, ${pick(100)});`;
  };
  const body = (indent: string, self: boolean): string[] => {
    const b: string[] = [`${indent}let total = seed;`];
    const n = 5 + pick(14);
    for (let k = 0; k < n; k++) {
      if (k % 3 === 0) b.push(callLine(indent, self));
      else if (k % 3 === 1) b.push(`${indent}if (total > ${pick(1000)}) total = total % ${1 + pick(97)};`);
      else b.push(`${indent}const v${k} = \`item-\${total}-${k}\`; total += v${k}.length;`);
    }
    b.push(`${indent}return total;`);
    return b;
  };
  while (lines < LINES_PER_FILE - 40) {
    if (f % 4 === 3) {
      out.push('', `export class Service${i}_${f} {`, '  private count = 0;');
      for (let m = 0; m < 3; m++) {
        out.push('', `  helper${m}(seed: number): number {`, ...body('    ', false), '  }');
      }
      out.push('', '  run(seed: number): number {', ...body('    ', true), '  }', '}');
    } else {
      const name = `fn${i}_${f}`;
      out.push('', `/** Computes step ${f} of module ${i}. */`, `export function ${name}(seed: number, k: number): number {`, ...body('  ', false), '}');
      localFns.push(name);
    }
    f++;
    lines = out.length;
  }
  // Every module exports the names its importers use.
  if (f < 2) out.push('', `export function fn${i}_1(seed: number, k: number): number { return seed + k; }`);
  out.push('', `export class Service${i} {`, '  run(seed: number): number {', `    return fn${i}_0(seed, 1);`, '  }', '}', '');
  return out.join('\n');
}
