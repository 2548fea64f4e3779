/**
 * Request logging (DECISIONS 5), as Fastify's LogController (called when an answer has been
 * written; no hook of its own).
 *
 * - Each answer gets one line `request` { method, url, statusCode, ms } (never a body, header or
 *   token): at `info` for 4xx, `warn` for 5xx or a broken connection, and at `debug` for the
 *   rest, so LOG_LEVEL=debug shows every request. A line costs about 15 microseconds of CPU here,
 *   a third of a cached read (docs/performance.md), so successful answers are not logged one by
 *   one at the default level.
 * - Every SUMMARY_INTERVAL_MS (60 s) with traffic, and when the server closes: one `info` line
 *   `requests` { count, status: { '2xx', '3xx', '4xx', '5xx' }, slowest_ms, seconds }.
 * Fastify's own lines for incoming and completed requests are not written.
 */
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';

export const SUMMARY_INTERVAL_MS = 60_000;

type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';

/** pino's level numbers (a line is written when its level is at least the logger's). */
const LEVEL_VALUES: Record<
  'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent',
  number
> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

interface Window {
  startedAt: number;
  count: number;
  status: Record<StatusClass, number>;
  slowestMs: number;
}

const emptyWindow = (): Window => ({
  startedAt: Date.now(),
  count: 0,
  status: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 },
  slowestMs: 0,
});

function statusClass(statusCode: number): StatusClass {
  if (statusCode >= 500) return '5xx';
  if (statusCode >= 400) return '4xx';
  if (statusCode >= 300) return '3xx';
  return '2xx';
}

export class RequestLog extends LogController {
  private window = emptyWindow();
  private timer: NodeJS.Timeout | undefined;
  private logger: FastifyBaseLogger | undefined;

  constructor() {
    super({ disableRequestLogging: false });
  }

  /** Fastify's 'incoming request' line: not written. */
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const { statusCode } = reply;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const window = this.window;
    window.count++;
    window.status[statusClass(statusCode)]++;
    if (ms > window.slowestMs) window.slowestMs = ms;
    const level = error || statusCode >= 500 ? 'warn' : statusCode >= 400 ? 'info' : 'debug';
    const threshold = LEVEL_VALUES[request.log.level as keyof typeof LEVEL_VALUES] ?? 0;
    if (LEVEL_VALUES[level] < threshold) return;
    const line = { method: request.method, url: request.url, statusCode, ms };
    request.log[level](error ? { ...line, err: error } : line, 'request');
  }

  /** Starts the summary lines on `logger`. */
  start(logger: FastifyBaseLogger): void {
    this.logger = logger;
    this.timer = setInterval(() => this.summarize(), SUMMARY_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the summary lines, writing the last one. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.summarize();
  }

  /** Writes the summary of the requests answered since the last one (none: no line). */
  summarize(): void {
    const window = this.window;
    this.window = emptyWindow();
    if (window.count === 0 || !this.logger) return;
    this.logger.info(
      {
        count: window.count,
        status: window.status,
        slowest_ms: window.slowestMs,
        seconds: Math.round((Date.now() - window.startedAt) / 1000),
      },
      'requests',
    );
  }
}
