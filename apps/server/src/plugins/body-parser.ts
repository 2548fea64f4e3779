/**
 * Request input rules, for every route.
 *
 * No NUL characters anywhere in the URL or in a JSON string: PostgreSQL text and jsonb cannot
 * hold U+0000, so such input would otherwise fail inside the database as a 500. It answers 400 'invalid_text'.
 * Likewise no unpaired UTF-16 surrogates in a JSON string (`"\udc00"` is valid JSON but not
 * Unicode): PGlite failed to store such text ('invalid byte sequence for encoding "UTF8"', a
 * 500, found by test/fuzz/suite.ts) and node-postgres would silently store U+FFFD instead.
 * No number beyond a double's range: JSON.parse turns 1e400 into Infinity, which JSON
 * canonicalization (the eddsa-jcs-2022 proof check) refuses with a throw, a 500 on
 * POST /presentations/verify (found by test/fuzz/suite.ts), and which JSON.stringify writes as
 * null.
 *
 * Request bodies: JSON only (anything else answers 415), at most BODY_LIMIT_BYTES (413).
 *
 * A body over the limit is answered with a complete 413 problem 'body_too_large' that its sender
 * can read, whatever its media type and on every route (known or not):
 * - a Content-Length over the route's limit is refused before anything is read (the size
 *   check comes before the media type, authentication and the rate limits); a body without
 *   one is counted as it is read, of any media type (one without a parser is read up to the
 *   limit before its 415);
 * - a client that sent `Expect: 100-continue` (RFC 9110 section 10.1.1) is told to go on only
 *   when the body is about to be read (after the size check and every onRequest refusal), so a
 *   refused request is answered before the client writes its body;
 * - otherwise an answer sent before the whole body arrived (a refusal, an early error) waits
 *   until the rest of the body is read and thrown away, up to DISCARD_LIMIT_BYTES: the client
 *   finishes writing and reads the whole answer, instead of a write failing with EPIPE or
 *   ECONNRESET when the server closes a connection that still has unread data. A body declared
 *   larger than that, or longer in fact, is answered at once with `Connection: close` (its
 *   sender may then see its write fail: reading more would let anyone make the server read
 *   without bound; REQUEST_TIMEOUT_MS bounds how long the reading takes).
 *
 * An empty body sent with `Content-Type: application/json` counts as no body rather than an
 * error: SPEC 7's client sends that header on every call, including the body-less
 * POST /identity/generate-credential and logout. Malformed JSON answers 400 'malformed_json'. JSON is
 * parsed with Fastify's own parser, which rejects __proto__ and constructor.prototype keys.
 * JSON nested deeper than MAX_JSON_DEPTH answers 400: code that walks a body recursively (the
 * Idempotency-Key fingerprint, proof canonicalization) would otherwise overflow the stack on
 * 64 KiB of `[[[[...` and answer 500 (found by test/fuzz/suite.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

/** 64 KiB: the largest legitimate body (a login) is under 200 bytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * 2 MiB: how much of a body it refuses the server reads and throws away before answering, so
 * the sender can finish writing and read the answer (see the module docstring).
 */
export const DISCARD_LIMIT_BYTES = 2 * 1024 * 1024;

export const BODY_TOO_LARGE_DETAIL = 'Request body is too large';
export const UNSUPPORTED_MEDIA_TYPE_DETAIL = 'Unsupported Media Type: send application/json';

export const MALFORMED_JSON_DETAIL = 'Malformed JSON in request body';
export const NUL_CHARACTER_DETAIL = 'Text must not contain NUL characters';
export const INVALID_UNICODE_DETAIL = 'Text must be valid Unicode (no unpaired surrogates)';
export const NUMBER_OUT_OF_RANGE_DETAIL = 'A number in the request body is out of range';

/** A UTF-16 surrogate without its partner (in `u` mode a valid pair is one code point). */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/** What is wrong with a request body: the problem code and its detail. */
export interface BodyProblem {
  code: 'invalid_text' | 'number_out_of_range' | 'body_too_deep';
  detail: string;
}

/** The problem of a string (or key) that cannot be stored as text, if any. */
function textProblem(text: string): BodyProblem | undefined {
  if (text.includes('\0')) return { code: 'invalid_text', detail: NUL_CHARACTER_DETAIL };
  if (UNPAIRED_SURROGATE.test(text))
    return { code: 'invalid_text', detail: INVALID_UNICODE_DETAIL };
  return undefined;
}

/**
 * The deepest nesting a request body may have. The deepest legitimate body, a presentation
 * holding credentials with their proofs, is under 10 levels.
 */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_DETAIL = 'Request body is nested too deeply';

/**
 * What is wrong with the parsed JSON `value` (code and detail), if anything: a string (or key)
 * holding U+0000 or an unpaired surrogate, a number too large for a double (JSON.parse reads
 * 1e400 as Infinity), or nesting deeper than MAX_JSON_DEPTH. Iterative, so deeply nested input
 * cannot overflow the stack here.
 */
export function jsonProblem(value: unknown): BodyProblem | undefined {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop() as [unknown, number];
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) return problem;
    } else if (typeof item === 'number') {
      if (!Number.isFinite(item)) {
        return { code: 'number_out_of_range', detail: NUMBER_OUT_OF_RANGE_DETAIL };
      }
    } else if (item !== null && typeof item === 'object') {
      if (depth >= MAX_JSON_DEPTH) return { code: 'body_too_deep', detail: TOO_DEEP_DETAIL };
      if (Array.isArray(item)) {
        for (const child of item) pending.push([child, depth + 1]);
      } else {
        for (const [key, child] of Object.entries(item)) {
          const problem = textProblem(key);
          if (problem) return problem;
          pending.push([child, depth + 1]);
        }
      }
    }
  }
  return undefined;
}

/** The request's Content-Length in bytes; NaN when it declares none (chunked or no body). */
function declaredLength(request: FastifyRequest): number {
  const header = request.headers['content-length'];
  return header === undefined ? Number.NaN : Number(header);
}

/**
 * Reads and throws away what is left of `raw`'s body, at most `maxBytes` more. Resolves true
 * once the whole request has arrived, false when more than `maxBytes` was left or the
 * connection ended first (never rejects).
 */
function discardBody(raw: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (raw.complete || raw.destroyed || raw.readableEnded) return Promise.resolve(raw.complete);
  return new Promise((resolve) => {
    let read = 0;
    const finish = () => {
      raw.off('data', onData);
      raw.off('end', finish);
      raw.off('close', finish);
      raw.off('error', finish);
      resolve(raw.complete);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) {
        raw.pause();
        finish();
      }
    };
    raw.on('data', onData);
    raw.once('end', finish);
    raw.once('close', finish);
    raw.once('error', finish);
    raw.resume();
  });
}

/**
 * The input rules above, for every route registered after it: the content type parsers, the
 * NUL and size checks of onRequest, `Expect: 100-continue` and the reading of refused bodies
 * (module docstring).
 */
export function registerBodyParser(app: FastifyInstance): void {
  // Requests whose `Expect: 100-continue` has not been answered yet.
  const awaitingContinue = new WeakSet<IncomingMessage>();
  // With a listener, Node leaves the interim answer to us (node:http 'checkContinue').
  app.server.on('checkContinue', (raw: IncomingMessage, response) => {
    awaitingContinue.add(raw);
    app.server.emit('request', raw, response);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (/%00/i.test(request.url) || request.url.includes('\0')) {
      done(new AppError('invalid_text', NUL_CHARACTER_DETAIL));
    } else if (declaredLength(request) > request.routeOptions.bodyLimit) {
      done(new AppError('body_too_large', BODY_TOO_LARGE_DETAIL));
    } else done();
  });
  // The body is about to be read: the waiting client may send it now.
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (awaitingContinue.delete(request.raw)) reply.raw.writeContinue();
    done(null, payload);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    // app.inject's requests have no `complete`: they are always whole.
    if (raw.complete !== false) {
      done(null, payload);
      return;
    }
    if (awaitingContinue.has(raw) || declaredLength(request) > DISCARD_LIMIT_BYTES) {
      // Nothing was sent yet, or too much would have to be read: answer now and close.
      reply.header('connection', 'close');
      done(null, payload);
      return;
    }
    void discardBody(raw, DISCARD_LIMIT_BYTES).then((complete) => {
      if (!complete) reply.header('connection', 'close');
      done(null, payload);
    });
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) done(new AppError('malformed_json', MALFORMED_JSON_DETAIL), undefined);
      else {
        const problem = jsonProblem(value);
        if (problem) done(new AppError(problem.code, problem.detail));
        else done(null, value);
      }
    });
  });
  // Any other media type (or none) is read like JSON, so that a body over the limit answers
  // 413 even without a Content-Length, then refused with 415.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, _body, done) => {
    // An unknown route answers its 404 whatever it was sent.
    if (request.is404) done(null, undefined);
    else done(new AppError('unsupported_media_type', UNSUPPORTED_MEDIA_TYPE_DETAIL));
  });
}
