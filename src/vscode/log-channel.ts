import * as vscode from 'vscode';
import { RingLogger, type LogLevel } from '../common/log';

/** The core's ring logger, echoed into the "Sightline" LogOutputChannel (whose level the user controls). */
export function createChannelLogger(channel: vscode.LogOutputChannel): RingLogger {
  const write: Record<LogLevel, (message: string) => void> = {
    trace: (m) => channel.trace(m),
    debug: (m) => channel.debug(m),
    info: (m) => channel.info(m),
    warn: (m) => channel.warn(m),
    error: (m) => channel.error(m),
  };
  return new RingLogger((entry) => write[entry.level](entry.message));
}
