import { z } from 'zod';
import { LOG_LEVELS, type LogLevel } from '../common/log';
import { fitToBudget } from '../common/tokens';
import { maxTokensArg } from './shared/common-args';
import { defineTool, READ_ONLY } from './shared/tool';
import { list, counted } from './shared/outputs';

export const serverLogsTool = defineTool({
  name: 'server_logs',
  title: 'Server logs',
  description:
    'Sightline\'s own recent log entries and health: for each workspace folder the index state (ready/indexing/error, symbols, when indexed, files changed ' +
    'since), and for each language-server provider its calls, empty answers, timeouts, errors and last latency. Use it when a tool fails, times out or ' +
    'answers "not ready", to see why. Returns { workspaces: [...], providers: [...], logs: [{time, level, message}], total, truncated }, newest log last.',
  group: 'navigate',
  inputSchema: {
    level: z.enum(LOG_LEVELS as [LogLevel, ...LogLevel[]]).default('info').describe('Least severe level kept: trace, debug, info (default), warn or error.'),
    limit: z.number().int().min(1).max(500).default(50).describe('Most log entries (1–500, default 50), newest kept.'),
    max_tokens: maxTokensArg,
  },
  outputSchema: { workspaces: list, providers: list, logs: list, ...counted },
  annotations: READ_ONLY,
  async handler(args, ctx) {
    const workspaces = ctx.workspaces.engines.map((e) => {
      let symbols: number | undefined;
      try {
        symbols = e.graph.table.all.length;
      } catch {
        symbols = undefined;
      }
      return { root: e.root, status: e.status, ...(e.error ? { error: e.error } : {}), ...(symbols !== undefined ? { symbols } : {}), freshness: e.freshness() };
    });
    const providers = ctx.features.health?.() ?? [];
    const logs = ctx.logger.recent(args.limit, args.level);
    // Keep the newest entries when the budget is short: fit over the list reversed.
    const newestFirst = [...logs].reverse();
    return fitToBudget(newestFirst, args.max_tokens, (kept, truncated) => ({
      workspaces,
      providers,
      ...(ctx.features.source === 'index' ? { note: 'No language servers here (the CLI): navigation answers come from the index.' } : {}),
      logs: [...kept].reverse(),
      total: logs.length,
      truncated,
    }));
  },
});
