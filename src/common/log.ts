export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';

export const LOG_LEVELS: readonly LogLevel[] = ['trace', 'debug', 'info', 'warn', 'error'];

export interface LogEntry {
  time: string;
  level: LogLevel;
  message: string;
}

/**
 * What the core logs through. The composition roots decide where lines go (stderr for the CLI, a
 * LogOutputChannel in VS Code).
 */
export interface Logger {
  log(level: LogLevel, message: string): void;
}

export type LogSink = (entry: LogEntry) => void;

/** A Logger that keeps a bounded ring of recent entries (what `server_logs` shows) and passes each to `sink`. */
export class RingLogger implements Logger {
  private readonly entries: LogEntry[] = [];

  constructor(
    private readonly sink?: LogSink,
    private readonly capacity = 1000,
  ) {}

  log(level: LogLevel, message: string): void {
    const entry = { time: new Date().toISOString(), level, message };
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.shift();
    this.sink?.(entry);
  }

  /** Most recent last; `minLevel` filters out chattier levels. */
  recent(limit: number, minLevel: LogLevel = 'trace'): LogEntry[] {
    const floor = LOG_LEVELS.indexOf(minLevel);
    return this.entries.filter((e) => LOG_LEVELS.indexOf(e.level) >= floor).slice(-limit);
  }
}

export const nullLogger: Logger = { log: () => undefined };
