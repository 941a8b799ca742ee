import ignore, { type Ignore } from 'ignore';

/** Longer ignore lines are not rules anyone writes by hand: skipped, since each becomes a regular expression. */
const MAX_RULE_CHARS = 1000;
/**
 * Runs of `*` a rule may hold. The `ignore` package compiles each run to a regex star; k of them can
 * backtrack like (path length)^k on a path that almost matches, so a hostile `.gitignore` could stall indexing.
 * Real rules (`*.log`, `**\/build/**`, `src/**\/*.gen.*`) stay well under it.
 */
const MAX_STAR_RUNS = 4;

export interface CompiledIgnore {
  ig: Ignore;
  /** Rules left out because they were too long, too wild, or would not compile. */
  skipped: number;
}

/**
 * Gitignore rules (a file's text or the user's exclude list) as one matcher. A rule that cannot be used
 * safely is skipped and counted instead of failing the whole scan: one bad line used to stop every tool.
 */
export function compileIgnoreRules(rules: string | readonly string[]): CompiledIgnore {
  const lines = typeof rules === 'string' ? rules.split(/\r?\n/) : rules;
  const ig = ignore();
  let skipped = 0;
  for (const line of lines) {
    const rule = line.trim();
    if (!rule || rule.startsWith('#')) continue;
    if (!usableRule(rule)) {
      skipped++;
      continue;
    }
    ig.add(line);
  }
  return { ig, skipped };
}

function usableRule(rule: string): boolean {
  if (rule.length > MAX_RULE_CHARS) return false;
  if ((rule.match(/\*+/g) ?? []).length > MAX_STAR_RUNS) return false;
  try {
    // The package compiles a rule's regex on first use: use it once here so a bad one throws now, not mid-scan.
    ignore().add(rule).ignores('sightline-probe/x');
    return true;
  } catch {
    return false;
  }
}
