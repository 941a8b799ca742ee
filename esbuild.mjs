// Builds every bundle; a failed build exits non-zero.
import * as esbuild from 'esbuild';
import { vscodeTargets } from './esbuild.vscode.mjs';

const targets = [...vscodeTargets()];

try {
  await Promise.all(targets.map((t) => esbuild.build(t)));
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
