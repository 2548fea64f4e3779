/**
 * Log redaction (DECISIONS 5; UIDAI: an Aadhaar number is never logged): pino's `formatters.log`
 * hook, run on every object passed to a log call.
 *
 * Input: the object of a log call (`log.info({ ... }, 'msg')`). Output: the same object when it
 * holds no sensitive field (the common case: no copy is made), else a copy in which the value of
 * every field named in REDACTED_LOG_FIELDS is '[redacted]', at any depth up to
 * REDACT_MAX_DEPTH, inside plain objects and arrays. Other values (class instances such as
 * Errors, which pino's serializers turn into their own fields) are left as they are. Never throws.
 *
 * Why not pino's `redact` option: its wildcard paths (`*.otp`) cost about 16 microseconds per
 * log line here, half the CPU of a cached read (docs/performance.md); this walk costs well under
 * one on the request line, and it covers every depth a path list would have to name.
 */

/** Field names whose values never reach a log line (case-sensitive, as the code names them). */
export const REDACTED_LOG_FIELDS: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'aadhaarNumber',
  'aadhaar_number',
  'aadhaarId',
  'otp',
  'session_token',
  'token',
]);

export const REDACTED = '[redacted]';

/** Objects nested deeper than this are left as they are. */
export const REDACT_MAX_DEPTH = 6;

export function redactLogFields<T extends object>(obj: T): T {
  return redact(obj, 0) as T;
}

function isPlain(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function redact(value: unknown, depth: number): unknown {
  if (depth > REDACT_MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const next = redact(item, depth + 1);
      if (next !== item) {
        copy ??= value.slice();
        copy[i] = next;
      }
    }
    return copy ?? value;
  }
  if (!isPlain(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = value[key];
    const next = REDACTED_LOG_FIELDS.has(key)
      ? REDACTED
      : typeof item === 'object' && item !== null
        ? redact(item, depth + 1)
        : item;
    if (next !== item) {
      copy ??= { ...value };
      copy[key] = next;
    }
  }
  return copy ?? value;
}
