/**
 * Request input rules, for every route.
 *
 * No NUL characters anywhere in the URL or in a JSON string: PostgreSQL text and jsonb cannot
 * hold U+0000, so such input would otherwise fail inside the database as a 500. It answers 400.
 *
 * Request bodies: JSON only (anything else answers 415), at most BODY_LIMIT_BYTES (413).
 *
 * An empty body sent with `Content-Type: application/json` counts as no body rather than an
 * error: SPEC 7's client sends that header on every call, including the body-less
 * POST /identity/generate-credential and logout. Malformed JSON answers 400 `{detail}`. JSON is
 * parsed with Fastify's own parser, which rejects __proto__ and constructor.prototype keys.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/** 64 KiB: the largest legitimate body (a login) is under 200 bytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;

export const MALFORMED_JSON_DETAIL = 'Malformed JSON in request body';
export const NUL_CHARACTER_DETAIL = 'Text must not contain NUL characters';

/** True when any string (or key) inside the parsed JSON `value` holds U+0000. Iterative, so
 * deeply nested input cannot overflow the stack. */
export function jsonContainsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\0')) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\0')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

export function registerBodyParser(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url) || request.url.includes('\0')) {
      throw new AppError('invalid_input', NUL_CHARACTER_DETAIL);
    }
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
      if (error) done(new AppError('invalid_input', MALFORMED_JSON_DETAIL), undefined);
      else if (jsonContainsNul(value)) done(new AppError('invalid_input', NUL_CHARACTER_DETAIL));
      else done(null, value);
    });
  });
}
