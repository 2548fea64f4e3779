/**
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

export function registerBodyParser(app: FastifyInstance): void {
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
      else done(null, value);
    });
  });
}
