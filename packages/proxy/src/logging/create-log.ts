import { createRedactor, type LogEntry, type ProxyLogger } from './redact.js';

/** Writes one record: level, event name and fields, redacted before the logger sees them. */
export type Log = (
  level: LogEntry['level'],
  event: string,
  fields: Record<string, unknown>,
) => void;

/**
 * Creates the proxy's log function over the integrator's `logger`: every record passes the
 * redactor (BFF-19, BFF-21) with the configured secrets; a throwing logger never fails a request.
 */
export function createLog(deps: {
  logger: ProxyLogger | undefined;
  clock: () => number;
  secrets: readonly string[];
  secretNames: readonly string[];
}): Log {
  const redact = createRedactor(deps.secrets, deps.secretNames);
  return (level, event, fields) => {
    if (deps.logger === undefined) {
      return;
    }
    // Built by assignment: spreading `fields` into a literal costs V8 more than the redaction.
    const record: Record<string, unknown> = {
      time: new Date(deps.clock()).toISOString(),
      level,
      event,
    };
    for (const name of Object.keys(fields)) {
      if (name !== 'time' && name !== 'level' && name !== 'event') {
        record[name] = fields[name];
      }
    }
    const entry = redact(record) as LogEntry;
    try {
      deps.logger(entry);
    } catch {
      // A failing logger never fails a request.
    }
  };
}
