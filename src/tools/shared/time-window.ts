import { invalidArgument } from '../../common/errors';

/**
 * The since/until/as_of arguments of retrieve, checked and combined: `since` must not be after `until` or
 * `as_of`, and `as_of` (we read today's text, not history) is one more upper bound on when a file last changed.
 */
export function timeWindow(args: { since?: string; until?: string; as_of?: string }) {
  const since = args.since ? new Date(args.since) : undefined;
  const until = args.until ? new Date(args.until) : undefined;
  const asOf = args.as_of ? new Date(args.as_of) : undefined;
  if (since && until && since > until) throw invalidArgument(`\`since\` (${args.since}) is after \`until\` (${args.until}): since must be at or before until.`);
  if (since && asOf && since > asOf) throw invalidArgument(`\`since\` (${args.since}) is after \`as_of\` (${args.as_of}): since must be at or before as_of.`);
  const upper = [until, asOf].filter((d): d is Date => !!d).sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    since,
    until: upper,
    active: !!(since || upper),
    echo: {
      ...(args.since ? { since: args.since } : {}),
      ...(args.until ? { until: args.until } : {}),
      ...(args.as_of ? { as_of: args.as_of, as_of_note: 'Entries last changed at or before as_of; the text shown is the current text.' } : {}),
    },
  };
}
