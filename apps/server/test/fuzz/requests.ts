/**
 * Generators of malformed requests for one API operation (test/fuzz/suite.ts), built from the
 * operation's OpenAPI description:
 *
 * - Body: values valid for the request schema (`fromSchema`) and known-good examples (`seeds`),
 *   both with 1-3 mutations anywhere inside (a value replaced by a hostile one, a key deleted,
 *   a hostile or prototype-polluting key added, a value wrapped in an array); any JSON; hostile
 *   values of every type (1 MiB strings, deep nesting, 1e400); invalid JSON; random bytes; wrong
 *   content types; no body. Operations without a body get bodies too. An operation whose
 *   documented body is a form (`application/x-www-form-urlencoded`, the OpenID4VP endpoints)
 *   gets the same values as form fields (`toFormText`), malformed forms (repeated fields,
 *   invalid escapes) and JSON as a wrong content type.
 * - Path parameters: the caller's own user id and real ids (so the request reaches the handler),
 *   another holder's ids, values valid for the schema, and hostile strings (traversal, unicode,
 *   injection, 1 MiB), percent-encoded or sent raw (invalid %-escapes, lone surrogates).
 * - Query: the declared parameters the same way, left out, repeated, plus hostile extra keys.
 * - Authorization: the caller's own session (most requests), none, a revoked token, or a hostile
 *   header (malformed, 1 MiB, the real token altered). Operations of the verifier API get the
 *   same with the verifier's API key for the session, and also `other`: another verifier's key
 *   or a holder's session token.
 * - Headers: Idempotency-Key (valid, reused, hostile) on mutating calls, and odd extra headers.
 *
 * Two fixed sets per operation run first, as fast-check examples (they count towards the runs):
 * `wellFormedRequests`, the caller's own valid request once per known id, so every operation
 * reaches its handler for sure (and ids of other holders are tried as such); `hugeRequests`, a
 * 1 MiB string in each place a client controls.
 */
import fc from 'fast-check';
import type { JsonSchema, Operation, Parameter } from './operations';
import {
  CONTENT_TYPES,
  FORM_GARBAGE_BODIES,
  FORM_MEDIA_TYPE,
  GARBAGE_BODIES,
  HUGE_STRINGS,
  hostileKey,
  hostileString,
  hostileValue,
  LONG_STRINGS,
  ownObject,
  Raw,
  randomText,
  toFormText,
  toJsonText,
} from './values';

/**
 * How a generated request authenticates; the credentials are filled in when sent: the caller's
 * own session token, or for the verifier API the verifier's own API key (`own`, `{token}`), a
 * revoked one (`revoked`).
 */
export type AuthPlan =
  | { kind: 'own' }
  | { kind: 'none' }
  | { kind: 'revoked' }
  /** A literal Authorization header; `{token}` stands for the caller's live token. */
  | { kind: 'header'; template: string }
  /** Verifier API only: the `index`-th wrong credential (another verifier's key, a session). */
  | { kind: 'other'; index: number };

export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  auth: AuthPlan;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  /** What was chosen, for the failure report (values are shortened). */
  labels: string[];
}

export interface FuzzContext {
  /** The user id of the session the fuzzing runs as. */
  ownUserId: string;
  /** Other holders' user ids (their data must stay untouched). */
  otherUserIds: string[];
  /** Real ids of records (credentials, consent requests) of the caller and of other holders. */
  knownIds: string[];
  /** Other strings the API knows (demo numbers, OTP, document types). */
  knownStrings: string[];
  /** Known-good request bodies for this operation, if any. */
  seeds: unknown[];
  /**
   * Known-good values of a path parameter that is not an id (e.g. `field`, a claim name), used
   * in the well-formed requests beside the ids.
   */
  pathValues?: Record<string, string[]>;
}

/** Shortens a value for a failure report (long strings cut, Raw JSON named). */
export function describeValue(value: unknown): string {
  const cut = (text: string) =>
    text.length > 60 ? `${text.slice(0, 40)}...(${text.length} chars)` : text;
  if (typeof value === 'string') return JSON.stringify(cut(value));
  if (value instanceof Raw) return `Raw(${value.label})`;
  const text = JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'string' ? cut(v) : v instanceof Raw ? `Raw(${v.label})` : v,
  );
  return text === undefined ? 'undefined' : cut(text);
}

// --- values valid for a JSON Schema -------------------------------------------------------

function fitsString(schema: JsonSchema, value: string): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return false;
  return true;
}

/**
 * A pattern of one repeated character class (`^[A-Za-z0-9_-]+$`) with the schema's length range
 * written into it (`^[A-Za-z0-9_-]{43,43}$`), so the generated strings have a fitting length (a
 * 43-character JWK coordinate) instead of being thrown away. Other patterns are returned as they
 * are.
 */
export function withLengthRange(pattern: string, minLength: number, maxLength: number): string {
  const repeated = /^\^(\[(?:\\.|[^\]\\])+\])([+*])\$$/.exec(pattern);
  if (!repeated) return pattern;
  const least = Math.max(minLength, repeated[2] === '+' ? 1 : 0);
  return `^${repeated[1]}{${least},${Math.max(least, maxLength)}}$`;
}

/** Misses in a row after which `fittingMostly` lets a value through anyway. */
const MAX_MISSES = 100;

/**
 * `arbitrary` keeping the values `fits` accepts, but never stuck: fast-check's `filter` retries
 * without end (a synchronous loop no test timeout stops), so after MAX_MISSES misses in a row a
 * value that does not fit goes through, which for a fuzzer is one more malformed input.
 */
export function fittingMostly<T>(
  arbitrary: fc.Arbitrary<T>,
  fits: (value: T) => boolean,
): fc.Arbitrary<T> {
  let misses = 0;
  return arbitrary.filter((value) => {
    if (fits(value) || misses >= MAX_MISSES) {
      misses = 0;
      return true;
    }
    misses += 1;
    return false;
  });
}

function stringFromSchema(schema: JsonSchema, known: string[]): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  const generated =
    schema.pattern !== undefined
      ? fittingMostly(
          fc.stringMatching(
            new RegExp(withLengthRange(schema.pattern, minLength, maxLength), 'u'),
            {
              size: 'small',
            },
          ),
          (s) => fitsString(schema, s),
        )
      : fc.string({ minLength, maxLength });
  const fitting = known.filter((s) => fitsString(schema, s));
  return fitting.length > 0 ? fc.oneof(generated, fc.constantFrom(...fitting)) : generated;
}

/** Values valid for `schema` (as far as the document states it), using `known` strings too. */
export function fromSchema(schema: JsonSchema, known: string[], depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((s) => fromSchema(s, known, depth + 1)));
  }
  if (schema.allOf?.[0]) return fromSchema(schema.allOf[0], known, depth + 1);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => fromSchema({ ...schema, type }, known, depth)));
  }
  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'string':
      return stringFromSchema(schema, known);
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? -1_000_000,
        max: schema.maximum ?? 1_000_000,
      });
    case 'number':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 }),
        fc.double({
          min: schema.minimum ?? -1e9,
          max: schema.maximum ?? 1e9,
          noNaN: true,
          noDefaultInfinity: true,
        }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(fromSchema(schema.items ?? {}, known, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) {
        return depth > 3
          ? fc.constant({})
          : fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), {
              maxKeys: 5,
            });
      }
      const model = Object.fromEntries(
        properties.map(([name, s]) => [name, fromSchema(s, known, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// --- mutations anywhere inside a value ------------------------------------------------------

interface Mutation {
  /** Picks the place: an index into the value's places, modulo their number. */
  at: number;
  action: 'replace' | 'delete' | 'addKey' | 'wrap';
  key: string;
  value: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Raw);

/** A copy of a JSON-like value (own keys such as '__proto__' kept, Raw kept). */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (isPlainObject(value)) {
    return ownObject(Object.entries(value).map(([k, v]) => [k, copy(v)]));
  }
  return value;
}

type Place = (string | number)[];

/** The places inside `value` (root first), at most 400 and 8 levels deep. */
function placesOf(value: unknown): Place[] {
  const places: Place[] = [];
  const pending: [Place, unknown][] = [[[], value]];
  while (pending.length > 0 && places.length < 400) {
    const [place, item] = pending.shift() as [Place, unknown];
    places.push(place);
    if (place.length >= 8) continue;
    if (Array.isArray(item)) {
      for (const [i, child] of item.entries()) pending.push([[...place, i], child]);
    } else if (isPlainObject(item)) {
      for (const [key, child] of Object.entries(item)) pending.push([[...place, key], child]);
    }
  }
  return places;
}

function at(root: unknown, place: Place): unknown {
  let item = root;
  for (const step of place) item = (item as Record<string | number, unknown>)[step];
  return item;
}

function setAt(root: unknown, place: Place, value: unknown): unknown {
  if (place.length === 0) return value;
  const parent = at(root, place.slice(0, -1)) as Record<string | number, unknown>;
  const last = place[place.length - 1] as string | number;
  Object.defineProperty(parent, last, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return root;
}

function applyMutations(value: unknown, mutations: Mutation[]): unknown {
  let root = copy(value);
  for (const mutation of mutations) {
    // Inserted values are copied: they are shared constants, and later mutations edit in place.
    const m = { ...mutation, value: copy(mutation.value) };
    const places = placesOf(root);
    const place = places[m.at % places.length] as Place;
    const target = at(root, place);
    if (m.action === 'replace') root = setAt(root, place, m.value);
    else if (m.action === 'wrap') root = setAt(root, place, [target]);
    else if (m.action === 'addKey') {
      if (isPlainObject(target)) setAt(target, [m.key], m.value);
      else if (Array.isArray(target)) target.push(m.value);
      else root = setAt(root, place, ownObject([[m.key, m.value]]));
    } else if (place.length > 0) {
      const parent = at(root, place.slice(0, -1));
      const last = place[place.length - 1] as string | number;
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete (parent as Record<string, unknown>)[last as string];
    } else root = undefined;
  }
  return root;
}

function mutationsArb(keys: string[]): fc.Arbitrary<Mutation[]> {
  const key =
    keys.length > 0
      ? fc.oneof(fc.constantFrom(...keys), hostileKey)
      : (hostileKey as fc.Arbitrary<string>);
  return fc.array(
    fc.record({
      at: fc.nat(),
      action: fc.constantFrom<Mutation['action']>('replace', 'replace', 'delete', 'addKey', 'wrap'),
      key,
      value: hostileValue,
    }),
    { minLength: 1, maxLength: 3 },
  );
}

// --- bodies ------------------------------------------------------------------------------

interface BodyPlan {
  label: string;
  contentType: string | undefined;
  payload: string | Buffer | undefined;
}

const jsonBody = (label: string, value: unknown): BodyPlan => ({
  label: `${label} ${describeValue(value)}`,
  contentType: 'application/json',
  payload: value === undefined ? '' : toJsonText(value),
});

const formBody = (label: string, value: unknown): BodyPlan => ({
  label: `${label} form ${describeValue(value)}`,
  contentType: FORM_MEDIA_TYPE,
  payload: value === undefined ? '' : toFormText(value),
});

/** True when the operation's documented body is a form rather than JSON. */
const takesForm = (operation: Operation) => operation.bodyMediaType === FORM_MEDIA_TYPE;

/** The body text of `value` in the operation's documented media type. */
export const bodyText = (operation: Operation, value: unknown): string =>
  takesForm(operation) ? toFormText(value) : toJsonText(value);

function bodyArb(operation: Operation, context: FuzzContext): fc.Arbitrary<BodyPlan> {
  const form = takesForm(operation);
  const encode = form ? formBody : jsonBody;
  const mediaType = form ? FORM_MEDIA_TYPE : 'application/json';
  const known = [...context.knownStrings, ...context.knownIds, context.ownUserId];
  const schema = operation.body ?? { type: 'object' };
  const valid = fromSchema(schema, known);
  const seeds = context.seeds;
  const base = seeds.length > 0 ? fc.oneof(valid, fc.constantFrom(...seeds)) : valid;
  const keys = Object.keys(schema.properties ?? {});

  const wellFormed: fc.WeightedArbitrary<BodyPlan>[] = [
    { weight: 10, arbitrary: valid.map((v) => encode('valid', v)) },
    {
      weight: 34,
      arbitrary: fc
        .tuple(base, mutationsArb(keys))
        .map(([v, m]) =>
          encode(`mutated(${m.map((x) => x.action).join(',')})`, applyMutations(v, m)),
        ),
    },
    { weight: 6, arbitrary: fc.jsonValue().map((v) => encode('any JSON', v)) },
    { weight: 6, arbitrary: hostileValue.map((v) => encode('hostile', v)) },
  ];
  if (seeds.length > 0) {
    wellFormed.push({
      weight: 6,
      arbitrary: fc.constantFrom(...seeds).map((v) => encode('seed', v)),
    });
  }
  if (form) {
    // The form's own malformations, and its values sent as JSON (not what OpenID4VP sends).
    wellFormed.push(
      {
        weight: 8,
        arbitrary: fc.constantFrom(...FORM_GARBAGE_BODIES).map((text) => ({
          label: `malformed form ${describeValue(text)}`,
          contentType: FORM_MEDIA_TYPE,
          payload: text,
        })),
      },
      { weight: 4, arbitrary: base.map((v) => jsonBody('as JSON', v)) },
    );
  }
  const malformed: fc.WeightedArbitrary<BodyPlan>[] = [
    {
      weight: 8,
      arbitrary: fc.constantFrom(...GARBAGE_BODIES).map((text) => ({
        label: `invalid JSON ${describeValue(text)}`,
        contentType: mediaType,
        payload: text,
      })),
    },
    {
      weight: 4,
      arbitrary: fc
        .oneof(
          randomText(200),
          fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
          fc.constantFrom(...HUGE_STRINGS),
        )
        .map((payload) => ({
          label: `random ${typeof payload === 'string' ? 'text' : 'bytes'} ${describeValue(String(payload))}`,
          contentType: mediaType,
          payload,
        })),
    },
    {
      weight: 8,
      arbitrary: fc
        .tuple(
          fc.oneof(fc.constantFrom(...CONTENT_TYPES), fc.string({ maxLength: 30 })),
          fc.oneof(
            valid.map((v) => bodyText(operation, v)),
            fc.constantFrom(...GARBAGE_BODIES),
            fc.constant(''),
          ),
        )
        .map(([contentType, payload]) => ({
          label: `content type ${describeValue(contentType)} ${describeValue(payload)}`,
          contentType,
          payload,
        })),
    },
    {
      weight: 4,
      arbitrary: fc.constantFrom<BodyPlan>(
        { label: 'no body', contentType: undefined, payload: undefined },
        { label: 'empty body', contentType: mediaType, payload: '' },
        { label: 'body without content type', contentType: undefined, payload: '{"a":1}' },
      ),
    },
  ];
  if (operation.body) return fc.oneof(...wellFormed, ...malformed);
  return fc.oneof(
    {
      weight: 60,
      arbitrary: fc.constantFrom<BodyPlan>(
        { label: 'no body', contentType: undefined, payload: undefined },
        { label: 'empty JSON body', contentType: 'application/json', payload: '' },
      ),
    },
    ...malformed,
    { weight: 10, arbitrary: hostileValue.map((v) => jsonBody('hostile', v)) },
  );
}

// --- URL ---------------------------------------------------------------------------------

/** Lone surrogates as the (invalid) UTF-8 bytes a careless client would send. */
const fixSurrogates = (value: string) => value.replace(/\p{Cs}/gu, '%ED%A0%80');

/** The long constant strings of values.ts (up to 1 MiB), drawn again and again. */
const LONG_CONSTANTS = new Set([...LONG_STRINGS, ...HUGE_STRINGS]);

/**
 * `encode` remembering its answers for LONG_CONSTANTS, which it would otherwise scan and encode
 * afresh each time they are drawn; every other string is encoded as it comes.
 */
function rememberingLong(encode: (value: string) => string): (value: string) => string {
  const known = new Map<string, string>();
  return (value) => {
    if (value.length < 1024 || !LONG_CONSTANTS.has(value)) return encode(value);
    let text = known.get(value);
    if (text === undefined) {
      text = encode(value);
      known.set(value, text);
    }
    return text;
  };
}

/** Percent-encoded as a client library would (lone surrogates as invalid UTF-8). */
const encoded = rememberingLong((value) =>
  fixSurrogates(value)
    .split('%ED%A0%80')
    .map((part) => encodeURIComponent(part))
    .join('%ED%A0%80'),
);

/** As a careless client sends it: printable ASCII as is ('/', '%', '..' included), the rest
 * percent-encoded (HTTP cannot carry it raw). */
const raw = rememberingLong((value) =>
  fixSurrogates(value).replace(/[^\x21-\x7E]+/gu, (run) => encodeURIComponent(run)),
);

interface UrlPart {
  value: string;
  encoding: 'encoded' | 'raw';
}

const encodingArb = fc.constantFrom<UrlPart['encoding']>('encoded', 'encoded', 'encoded', 'raw');

const render = (part: UrlPart) => (part.encoding === 'raw' ? raw : encoded)(part.value);

function parameterValue(parameter: Parameter, context: FuzzContext): fc.Arbitrary<string> {
  const known = [...context.knownStrings, ...context.knownIds];
  const valid = stringOnly(fromSchema(parameter.schema, known));
  if (/user/i.test(parameter.name)) {
    return fc.oneof(
      { weight: 12, arbitrary: fc.constant(context.ownUserId) },
      { weight: 2, arbitrary: fc.constantFrom(...context.otherUserIds, 'user-999', 'USER-001') },
      { weight: 2, arbitrary: valid },
      { weight: 4, arbitrary: hostileString },
    );
  }
  return fc.oneof(
    {
      weight: 10,
      arbitrary: context.knownIds.length > 0 ? fc.constantFrom(...context.knownIds) : valid,
    },
    { weight: 3, arbitrary: valid },
    { weight: 6, arbitrary: hostileString },
  );
}

/** The string form of a generated parameter value (query and path values are text). */
function stringOnly(arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return arbitrary.map((v) => (typeof v === 'string' ? v : toJsonText(v)));
}

function pathArb(operation: Operation, context: FuzzContext): fc.Arbitrary<[string, string[]]> {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  const parts = names.map((name) => {
    const parameter = operation.pathParams.find((p) => p.name === name) ?? {
      name,
      required: true,
      schema: { type: 'string' },
    };
    return fc.record({ value: parameterValue(parameter, context), encoding: encodingArb });
  });
  return fc.tuple(...parts).map((values) => {
    let url = operation.path;
    const labels: string[] = [];
    names.forEach((name, i) => {
      const part = values[i] as UrlPart;
      url = url.replace(`{${name}}`, render(part));
      labels.push(`${name}=${describeValue(part.value)} (${part.encoding})`);
    });
    return [url, labels];
  });
}

function queryArb(operation: Operation, context: FuzzContext): fc.Arbitrary<[string, string[]]> {
  const declared = operation.queryParams.map((parameter) =>
    fc.oneof(
      { weight: 1, arbitrary: fc.constant([] as [string, UrlPart][]) },
      {
        weight: 8,
        arbitrary: fc
          .record({ value: parameterValue(parameter, context), encoding: encodingArb })
          .map((part) => [[parameter.name, part]] as [string, UrlPart][]),
      },
      {
        weight: 1,
        arbitrary: fc
          .array(fc.record({ value: parameterValue(parameter, context), encoding: encodingArb }), {
            minLength: 2,
            maxLength: 3,
          })
          .map((parts) => parts.map((part) => [parameter.name, part] as [string, UrlPart])),
      },
    ),
  );
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant([] as [string, UrlPart][]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(
          fc.oneof(hostileKey, fc.constantFrom('__proto__[polluted]', 'constructor[prototype][x]')),
          fc.record({ value: hostileString, encoding: encodingArb }),
        ),
        { minLength: 1, maxLength: 3 },
      ),
    },
  );
  return fc.tuple(fc.tuple(...declared), extra).map(([lists, extras]) => {
    const pairs = [...lists.flat(), ...extras];
    if (pairs.length === 0) return ['', []];
    const query = pairs
      .map(([key, part]) => `${render({ value: key, encoding: part.encoding })}=${render(part)}`)
      .join('&');
    return [`?${query}`, pairs.map(([key, part]) => `?${key}=${describeValue(part.value)}`)];
  });
}

// --- authorization and headers ------------------------------------------------------------

const authArb = (operation: Operation): fc.Arbitrary<AuthPlan> => {
  const header = fc
    .oneof(
      fc.constantFrom(
        'Bearer ',
        'Bearer',
        'Bearer {token}x',
        'Bearer {token}{token}',
        'Bearer  {token} trailing',
        'bearer {token}',
        'Basic dXNlcjpwYXNz',
        'Bearer null',
        'Bearer undefined',
        `Bearer ${'A'.repeat(43)}`,
        `Bearer ${'A'.repeat(129)}`,
        'Bearer {token}, Bearer {token}',
        'Token {token}',
      ),
      hostileString.map((s) => `Bearer ${s}`),
      hostileString,
    )
    .map((template): AuthPlan => ({ kind: 'header', template }));
  const needed = operation.bearer || operation.apiKey !== null;
  const plans: fc.WeightedArbitrary<AuthPlan>[] = [
    { weight: needed ? 70 : 20, arbitrary: fc.constant<AuthPlan>({ kind: 'own' }) },
    { weight: needed ? 8 : 50, arbitrary: fc.constant<AuthPlan>({ kind: 'none' }) },
    { weight: 7, arbitrary: fc.constant<AuthPlan>({ kind: 'revoked' }) },
    { weight: 15, arbitrary: header },
  ];
  if (operation.apiKey) {
    plans.push({
      weight: 10,
      arbitrary: fc.nat().map((index): AuthPlan => ({ kind: 'other', index })),
    });
  }
  return fc.oneof(...plans);
};

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function headersArb(operation: Operation): fc.Arbitrary<Record<string, string>> {
  const idempotencyKey = MUTATING.has(operation.method)
    ? fc.oneof(
        { weight: 14, arbitrary: fc.constant(undefined) },
        { weight: 2, arbitrary: fc.constantFrom('fuzz-replayed-key', 'fuzz-replayed-key-2') },
        {
          weight: 2,
          arbitrary: fc.string({
            unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
            minLength: 1,
            maxLength: 255,
          }),
        },
        { weight: 2, arbitrary: hostileString },
      )
    : fc.constant(undefined);
  const extra = fc.oneof(
    { weight: 8, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'x-forwarded-for',
            'x-real-ip',
            'origin',
            'accept',
            'accept-language',
            'cookie',
            'x-http-method-override',
            'if-none-match',
            'range',
          ),
          hostileString,
        )
        .map(([name, value]) => ({ [name]: value })),
    },
  );
  return fc
    .tuple(idempotencyKey, extra)
    .map(([key, headers]) =>
      key === undefined ? headers : { ...headers, 'idempotency-key': key },
    );
}

// --- the request -------------------------------------------------------------------------

/** Malformed (and some well-formed) requests for `operation`. */
export function requestArb(operation: Operation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: pathArb(operation, context),
      query: queryArb(operation, context),
      body: bodyArb(operation, context),
      auth: authArb(operation),
      headers: headersArb(operation),
    })
    .map(({ path, query, body, auth, headers }) => {
      return fuzzRequest(operation, {
        url: `${path[0]}${query[0]}`,
        auth,
        headers: {
          ...headers,
          ...(body.contentType !== undefined ? { 'content-type': body.contentType } : {}),
        },
        payload: body.payload,
        labels: [
          ...path[1],
          ...query[1],
          `auth ${auth.kind === 'header' ? describeValue(auth.template) : auth.kind}`,
          ...Object.entries(headers).map(([k, v]) => `${k}: ${describeValue(v)}`),
          body.label,
        ],
      });
    });
}

/** The request, printed in fast-check's failure reports without megabytes of payload. */
function fuzzRequest(operation: Operation, request: Omit<FuzzRequest, 'method'>): FuzzRequest {
  const full: FuzzRequest = { method: operation.method, ...request };
  Object.defineProperty(full, fc.toStringMethod, {
    value: () => `${operation.method} ${describeValue(full.url)} ${full.labels.join('; ')}`,
  });
  return full;
}

/** The JSON text of a 1 MiB string, written once per string (it is the same every operation). */
const hugeJsonString = (() => {
  const written = new Map<string, string>();
  return (value: string) => {
    let text = written.get(value);
    if (text === undefined) {
      text = JSON.stringify(value);
      written.set(value, text);
    }
    return text;
  };
})();

/**
 * One request per place a client controls, each carrying a 1 MiB string there (ASCII, and
 * Devanagari for the body): every path parameter, a declared query parameter, an extra query
 * parameter, the Authorization header, an Idempotency-Key, the whole body and a body field. The
 * other parts are the caller's own, so each request is otherwise well-formed.
 */
export function hugeRequests(operation: Operation, context: FuzzContext): FuzzRequest[] {
  const [ascii, , devanagari] = HUGE_STRINGS as [string, string, string];
  const names = operation.pathParams.map((p) => p.name);
  const ownValue = (name: string) =>
    /user/i.test(name) ? context.ownUserId : (context.knownIds[0] ?? 'x');
  const path = (huge?: string) =>
    names.reduce(
      (url, name) =>
        url.replace(
          `{${name}}`,
          name === huge ? encoded(ascii) : encodeURIComponent(ownValue(name)),
        ),
      operation.path,
    );
  const base = { auth: { kind: 'own' } as AuthPlan, headers: {}, payload: undefined };
  const requests: FuzzRequest[] = names.map((name) =>
    fuzzRequest(operation, { ...base, url: path(name), labels: [`1 MiB ${name}`] }),
  );
  const query = operation.queryParams[0];
  if (query) {
    requests.push(
      fuzzRequest(operation, {
        ...base,
        url: `${path()}?${query.name}=${ascii}`,
        labels: [`1 MiB query ${query.name}`],
      }),
    );
  }
  requests.push(
    fuzzRequest(operation, { ...base, url: `${path()}?q=${ascii}`, labels: ['1 MiB extra query'] }),
    fuzzRequest(operation, {
      ...base,
      url: path(),
      auth: { kind: 'header', template: `Bearer ${ascii}` },
      labels: ['1 MiB Authorization'],
    }),
    fuzzRequest(operation, {
      ...base,
      url: path(),
      headers: { 'idempotency-key': ascii },
      labels: ['1 MiB Idempotency-Key'],
    }),
    fuzzRequest(operation, {
      ...base,
      url: path(),
      headers: { 'content-type': 'application/json' },
      payload: hugeJsonString(devanagari),
      labels: ['1 MiB JSON string body'],
    }),
  );
  const field = Object.keys(operation.body?.properties ?? {})[0];
  if (field) {
    requests.push(
      fuzzRequest(operation, {
        ...base,
        url: path(),
        headers: { 'content-type': operation.bodyMediaType ?? 'application/json' },
        payload: bodyText(operation, { ...(context.seeds[0] as object), [field]: ascii }),
        labels: [`1 MiB body field ${field}`],
      }),
    );
  }
  return requests;
}

const MAX_WELL_FORMED = 60;

/**
 * Valid requests as the caller, once per known id (at most MAX_WELL_FORMED) when the path has an
 * id parameter: the first seed body, or one value valid for the schema.
 */
export function wellFormedRequests(operation: Operation, context: FuzzContext): FuzzRequest[] {
  const known = [...context.knownStrings, ...context.knownIds, context.ownUserId];
  const body =
    context.seeds[0] ??
    (operation.body
      ? fc.sample(fromSchema(operation.body, known), { numRuns: 1, seed: 1 })[0]
      : undefined);
  const idNames = operation.pathParams.map((p) => p.name).filter((name) => !/user/i.test(name));
  const ids = idNames.length > 0 ? context.knownIds.slice(0, MAX_WELL_FORMED) : [''];
  const query = operation.queryParams
    .filter((p) => p.required || /user/i.test(p.name))
    .map((p) => `${p.name}=${/user/i.test(p.name) ? context.ownUserId : ''}`)
    .join('&');
  return ids.map((id) => {
    let url = operation.path;
    for (const parameter of operation.pathParams) {
      const value = /user/i.test(parameter.name)
        ? context.ownUserId
        : (context.pathValues?.[parameter.name]?.[0] ?? id);
      url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
    }
    return fuzzRequest(operation, {
      url: query ? `${url}?${query}` : url,
      auth: { kind: 'own' },
      headers:
        body === undefined ? {} : { 'content-type': operation.bodyMediaType ?? 'application/json' },
      payload: body === undefined ? undefined : bodyText(operation, body),
      labels: [`well-formed${id ? ` id=${id}` : ''}`, describeValue(body)],
    });
  });
}
