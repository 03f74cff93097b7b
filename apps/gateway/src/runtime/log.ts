/**
 * The gateway's log: one JSON object per line on stdout (`{"level","time","msg",...fields}`),
 * like pino, so a supervisor or a test can read it. Never logs the MQTT password.
 */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** a logger that adds `fields` to every line */
  child(fields: LogFields): Logger;
}

export function createLogger(
  level: LogLevel,
  base: LogFields = {},
  write: (line: string) => void = (line) => process.stdout.write(line + '\n'),
): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const emit = (at: LogLevel, msg: string, fields?: LogFields) => {
    if (LOG_LEVELS.indexOf(at) < threshold) return;
    const line = { level: at, time: new Date().toISOString(), msg, ...base, ...fields };
    write(JSON.stringify(line, (_key, value: unknown) => (value instanceof Error ? value.message : value)));
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}

/** A logger that drops everything, for unit tests. */
export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};
