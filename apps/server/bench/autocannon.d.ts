/**
 * Types for the part of autocannon 8's programmatic API that ./api.ts uses (autocannon ships no
 * types). See autocannon's README: "autocannon(opts[, cb])", "Request", "Results".
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  /** A request as setupRequest receives and returns it. */
  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }

  /** Per-connection state shared by the request steps of one connection. */
  export type AutocannonContext = Record<string, unknown>;

  /**
   * One step of a connection's request sequence (the steps repeat in order). `C` is the shape
   * the caller keeps in the connection's context object.
   */
  export interface AutocannonRequestStep<C extends object = AutocannonContext>
    extends AutocannonRequest {
    /** Answers the request to send, or null to restart the sequence from its first step. */
    setupRequest?: (request: AutocannonRequest, context: C) => AutocannonRequest | null;
    onResponse?: (
      status: number,
      body: string,
      context: C,
      headers: Record<string, string>,
    ) => void;
  }

  export interface AutocannonOptions<C extends object = AutocannonContext> {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    pipelining?: number;
    requests?: AutocannonRequestStep<C>[];
  }

  /** Latency in ms; requests in requests per second (average, min) and in all (total). */
  export interface AutocannonResult {
    requests: { average: number; total: number; min: number };
    latency: { p50: number; p99: number; max: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  /** A running instance: awaitable for its result, and an emitter of 'reqError' and others. */
  export type AutocannonInstance = EventEmitter & PromiseLike<AutocannonResult>;

  export default function autocannon<C extends object = AutocannonContext>(
    options: AutocannonOptions<C>,
  ): AutocannonInstance;
}
