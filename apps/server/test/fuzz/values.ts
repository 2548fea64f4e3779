/**
 * Hostile inputs for the fuzz suite (test/fuzz/suite.ts), after OWASP ASVS 5.0 chapter 1
 * (encoding, sanitisation and injection) and chapter 2 (validation): wrong types, extreme
 * numbers, 1 MB strings, deep nesting, unicode edge cases, SQL / NoSQL / script / template
 * injection, path traversal, prototype-pollution keys, invalid JSON and wrong content types.
 *
 * Values that JSON.stringify cannot write (number literals such as 1e400, nesting deeper than the
 * test's own stack) are `Raw` JSON text, spliced into the body text by `toJsonText`.
 */
import fc from 'fast-check';

/** A piece of JSON text inserted verbatim where the value stands. */
export class Raw {
  constructor(
    readonly text: string,
    readonly label: string,
  ) {}
}

/** JSON text of `value`, with every Raw inside it spliced in verbatim. */
export function toJsonText(value: unknown): string {
  const raws: Raw[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v);
      return `\u0001RAW${raws.length - 1}\u0001`;
    }
    return v;
  });
  if (raws.length === 0) return text ?? 'null';
  // JSON.stringify writes U+0001 as the six characters \u0001.
  return (text ?? 'null').replace(
    /"\\u0001RAW(\d+)\\u0001"/g,
    (_match, index: string) => raws[Number(index)]?.text ?? 'null',
  );
}

export const MEBIBYTE = 1024 * 1024;

/** Strings of 1 MiB in UTF-8: ASCII letters, digits, and Devanagari (3 bytes a character). */
export const HUGE_STRINGS = [
  'A'.repeat(MEBIBYTE),
  '1'.repeat(MEBIBYTE),
  'प'.repeat(Math.ceil(MEBIBYTE / 3)),
];

/** Strings around the limits of the schemas (64, 128, 500, 1024, 2000) and just under the
 * 64 KiB body limit, so they are parsed and reach validation or the handler. */
export const LONG_STRINGS = [65, 129, 257, 501, 1025, 2001, 10_000, 60_000].map((n) =>
  'x'.repeat(n),
);

/**
 * Deep nesting, as text: up to 64 KiB deep (refused by the body parser beyond MAX_JSON_DEPTH)
 * and just under the limit (parsed, so it reaches validation and the handlers).
 */
export const DEEP_JSON = [
  new Raw(`${'['.repeat(20)}${']'.repeat(20)}`, 'arrays nested 20 deep'),
  new Raw(`${'{"a":'.repeat(16)}"x"${'}'.repeat(16)}`, 'objects nested 16 deep'),
  new Raw(`${'['.repeat(30_000)}${']'.repeat(30_000)}`, 'arrays nested 30000 deep'),
  new Raw(`${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`, 'objects nested 10000 deep'),
  new Raw(`${'[{"x":'.repeat(4000)}0${'}]'.repeat(4000)}`, 'arrays of objects 8000 deep'),
  new Raw(`${'['.repeat(1000)}${']'.repeat(1000)}`, 'arrays nested 1000 deep'),
  new Raw(`${'{"__proto__":'.repeat(500)}{}${'}'.repeat(500)}`, '__proto__ nested 500 deep'),
];

export const SQL_INJECTION = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "1'; DROP TABLE users; --",
  "'; SELECT pg_sleep(5); --",
  "1' UNION SELECT NULL, version(), current_user --",
  '" OR ""="',
  "admin'--",
  "%' AND 1=0 UNION SELECT table_name FROM information_schema.tables --",
  "E'\\\\x27'",
  '$1',
  "') OR ('a'='a",
  '; COPY users TO PROGRAM $$id$$',
];

/** NoSQL operator objects and their string forms. */
export const NOSQL_INJECTION: unknown[] = [
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000) || true' },
  { $regex: '.*' },
  { $in: ['user-001', 'user-002'] },
  '[$ne]=1',
  '{"$gt":""}',
  "'; return true; var x='",
];

export const SCRIPT_INJECTION = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(document.cookie)>",
  'javascript:alert(1)',
  '{{constructor.constructor("return process")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, literally
  '${process.mainModule.require("child_process").execSync("id")}',
  '#{7*7}',
  '<!--#exec cmd="ls"-->',
  '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  '; cat /etc/passwd',
  '$(id)',
  '`id`',
];

export const PATH_TRAVERSAL = [
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%252e%252e%252f',
  '..\\..\\..\\windows\\win.ini',
  '....//....//etc/passwd',
  '/etc/passwd',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  '..;/',
  '.',
  '..',
  '~',
  'user-001/../user-002',
  'cred-x%00.json',
  '%00',
  '%',
  '%zz',
  '%E0%A4',
  '%C0%AE%C0%AE%2F',
];

export const UNICODE = [
  'पहचान',
  'आधार कार्ड',
  '😀🔐👨‍👩‍👧',
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  'e\u0301\u0301\u0301',
  'ｕｓｅｒ－００１',
  'İıß',
  '\uFFFF\uFFFE',
  '\u0000',
  'a\u0000b',
  '\u0001\u001F\u007F',
  '\r\nSet-Cookie: x=1',
  '\t\n\r',
  'Z̴̡̛͍̈́a̷̢͝l̴̗̈g̶̱̓o̵̖͂',
];

export const FORMAT_STRINGS = [
  '',
  ' ',
  '%s%s%s%s%n',
  '%x%x%x',
  '{0}',
  '\\',
  '"',
  "'",
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0x41',
  '1e309',
  'true',
  '[]',
  '{}',
];

/** Keys that pollute or shadow Object.prototype when code copies input naively. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'toString',
  'valueOf',
  'hasOwnProperty',
];

/** Objects carrying prototype-pollution keys as own properties (as JSON.parse would make). */
export const POLLUTING_OBJECTS: unknown[] = [
  ownObject([['__proto__', { polluted: 'yes' }]]),
  ownObject([['constructor', { prototype: { polluted: 'yes' } }]]),
  ownObject([['prototype', { polluted: 'yes' }]]),
];

/** An object with exactly these own enumerable properties (also '__proto__'). */
export function ownObject(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

export const NUMBERS: unknown[] = [
  0,
  -0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
  2 ** 31,
  -(2 ** 63),
  new Raw('1e400', '1e400'),
  new Raw('-1e400', '-1e400'),
  new Raw('123456789012345678901234567890', 'a 30-digit integer'),
  new Raw('9007199254740993', '2^53+1'),
  new Raw('1E-400', '1E-400'),
  new Raw('-0.0', '-0.0'),
];

/** A value of any wrong type or shape. */
export const WRONG_TYPES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [[]],
  [null],
  [1, 'two', { three: 3 }],
  { nested: { deeper: [] } },
];

/** Every string above (for fields, ids, query values and header values). */
export const HOSTILE_STRINGS = [
  ...SQL_INJECTION,
  ...NOSQL_INJECTION.filter((v): v is string => typeof v === 'string'),
  ...SCRIPT_INJECTION,
  ...PATH_TRAVERSAL,
  ...UNICODE,
  ...FORMAT_STRINGS,
  ...PROTOTYPE_KEYS,
];

/**
 * One UTF-16 code unit or code point of any kind: ASCII controls, Devanagari, astral (emoji),
 * lone surrogates. (fast-check's 'binary' unit does the same, but builds a table of every code
 * point for each use, which costs seconds over the suite.)
 */
const anyCharacter: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0x900, max: 0x97f }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
);

/** Random text of any characters, up to `maxLength` units. */
export const randomText = (maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: anyCharacter, maxLength });

/**
 * A hostile string: from the lists, long, random, or 1 MiB. The 1 MiB ones are rare here (one in
 * about 220; a request carrying one costs some 20 ms, as much as twenty others), because every
 * operation also gets its fixed set of 1 MiB requests (`hugeRequests` in requests.ts).
 */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 150, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 30, arbitrary: fc.constantFrom(...LONG_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
  { weight: 40, arbitrary: randomText(40) },
);

/** A hostile JSON value: any of the above, wrong types, numbers, operator objects, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...NOSQL_INJECTION, ...POLLUTING_OBJECTS) },
  { weight: 1, arbitrary: fc.constantFrom(...DEEP_JSON) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A hostile object key. */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 2, arbitrary: fc.constantFrom('$gt', '$where', 'a.b', 'a[b]', '', ' ', '\u0000') },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: randomText(20) },
);

/** Request bodies that are not JSON, or not well-formed JSON. */
export const GARBAGE_BODIES = [
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'NaN',
  'undefined',
  'nul',
  'tru',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '"unterminated',
  '{"a":"\\u00"}',
  '{"a":"\\x41"}',
  '/* comment */ {}',
  '{"a":1e400}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":+1}',
  '{"a":Infinity}',
  '{a:1}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"a":{"__proto__":{"polluted":"yes"}}}',
  '[]',
  '""',
  '0',
  'null',
  'true',
  '   ',
  '\u0000',
  '{"a":"\u0000"}',
  '{"a\\u0000":1}',
  '<xml/>',
  'a=1&b=2',
  '--boundary\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--boundary--',
];

/** Content types other than application/json, and odd spellings of it. */
export const CONTENT_TYPES = [
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=boundary',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/jsonp',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/ld+json',
  'text/json',
  '*/*',
  'json',
  ' ',
  'application/json\u0000',
];

/** The media type of HTML form bodies, which the OpenID4VP endpoints take (section 5.10, 8.2). */
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/**
 * Form bodies (application/x-www-form-urlencoded) that no valid form value makes: a repeated
 * field, invalid percent-escapes, invalid UTF-8 and NUL, prototype keys, bracket notation, a
 * JSON body, separators only.
 */
export const FORM_GARBAGE_BODIES = [
  'state=a&state=b',
  'error=access_denied&error=access_denied',
  'vp_token=%zz',
  'state=%',
  'state=%E0%A4',
  'state=%ED%A0%80',
  'state=a%00b',
  '%00=1',
  '__proto__=polluted',
  '__proto__[polluted]=yes',
  'constructor[prototype][polluted]=yes',
  'state[]=a&state[]=b',
  'state[$ne]=x',
  '&&&',
  '=',
  '==&==',
  'error',
  'error=',
  'error=ACCESS_DENIED',
  'vp_token={"a":',
  'vp_token=[]',
  'vp_token={"pan":[1e400]}',
  `vp_token=${encodeURIComponent(`{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`)}`,
  '{"error":"access_denied"}',
  'a=1;b=2',
  '\uFEFFerror=access_denied',
  '+=+',
];

/** Form text of `value`: an object's fields (non-strings as their JSON text), else its JSON. */
export function toFormText(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Raw) {
    return toJsonText(value);
  }
  const form = new URLSearchParams();
  for (const [key, field] of Object.entries(value)) {
    form.append(key, typeof field === 'string' ? field : toJsonText(field));
  }
  return form.toString();
}
