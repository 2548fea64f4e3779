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
 * An empty body sent with `Content-Type: application/json` counts as no body rather than an
 * error: SPEC 7's client sends that header on every call, including the body-less
 * POST /identity/generate-credential and logout. Malformed JSON answers 400 'malformed_json'. JSON is
 * parsed with Fastify's own parser, which rejects __proto__ and constructor.prototype keys.
 * JSON nested deeper than MAX_JSON_DEPTH answers 400: code that walks a body recursively (the
 * Idempotency-Key fingerprint, proof canonicalization) would otherwise overflow the stack on
 * 64 KiB of `[[[[...` and answer 500 (found by test/fuzz/suite.ts).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/** 64 KiB: the largest legitimate body (a login) is under 200 bytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;

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

export function registerBodyParser(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (/%00/i.test(request.url) || request.url.includes('\0')) {
      done(new AppError('invalid_text', NUL_CHARACTER_DETAIL));
    } else done();
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
}
