#!/usr/bin/env node
/**
 * Benchmark (not a timed test; docs/performance.md "Serving a status list"): what an issuer of
 * the product pays to serve its status lists (issuer/get-status-list.ts, routes/status-lists,
 * docs/status-lists.md), on one core, through the whole HTTP route (app.inject):
 * - (a) an answer built cold, the answer cache emptied before each request (read the list from the
 *   database, build the 131,072 entries, compress, sign): the Token Status List
 *   (statuslist+jwt, 2 bits) and the Bitstring revocation list (BitstringStatusListCredential,
 *   eddsa-jcs-2022), ms per build;
 * - (b) answers per second while the 1 s answer cache holds (requests one after another; the
 *   cache expires each second, so a run includes one rebuild per second, as production would);
 * - (c) a conditional request (If-None-Match with the current ETag) answered 304, per second.
 * The app runs on the embedded database (PGlite) in a fresh temporary DATA_DIR, removed at the
 * end. An issuer key offers one PAN Card so list 1 exists, the API suspends then revokes that
 * credential, and 999 more entries of the same list are set directly in the database (half
 * revoked, half suspended), as a live list would have.
 *
 * Usage: node scripts/bench-status-serve.mjs [seconds per run, default 5]
 *   (from the repository's root: npm run bench:status-serve -- [seconds])
 * Prints one line per figure.
 */
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

const seconds = Number(process.argv[2] ?? 5);
const coldBuilds = 20;
// One module graph for the app and this script (tsImport would load each file apart, and the
// answer cache this script empties must be the app's own).
register();
const { buildApp } = await import('../src/app.ts');
const { loadConfig } = await import('../src/config.ts');
const { createIssuerApiKey } = await import('../src/issuer/create-issuer-api-key.ts');
const { forgetStatusLists } = await import('../src/issuer/get-status-list.ts');
const { credentialStatuses } = await import('../src/db/schema.ts');
const { eq } = await import('drizzle-orm');
const { getListFromStatusListJWT } = await import('@sd-jwt/jwt-status-list');
const { decodeList } = await import('@digitalbazaar/vc-bitstring-status-list');

const ISSUER = 'Income Tax Department';
const dataDir = await mkdtemp(join(tmpdir(), 'pehchaan-bench-status-'));
const config = {
  ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '8000' }),
  databaseUrl: undefined,
  host: '127.0.0.1',
  rateLimits: false,
  publicOrigin: 'http://localhost:5000',
};
const app = await buildApp({ config });

async function expectStatus(response, code) {
  if (response.statusCode !== code) {
    throw new Error(`expected ${code}, got ${response.statusCode}: ${response.body}`);
  }
  return response;
}

try {
  const { apiKey } = await createIssuerApiKey({ ...app.deps, issuer: ISSUER });
  const auth = { authorization: `Bearer ${apiKey}` };
  const offer = await expectStatus(
    await app.inject({
      method: 'POST',
      url: '/issuer/offers',
      headers: auth,
      payload: {
        document_type: 'PAN Card',
        claims: {
          name: 'Asha Verma',
          pan_number: 'ABCPV1234D',
          date_of_birth: '1990-04-12',
          father_name: 'Ravi Verma',
        },
      },
    }),
    201,
  );
  const credentialId = offer.json().credential_id;
  for (const status of ['suspended', 'revoked']) {
    await expectStatus(
      await app.inject({
        method: 'POST',
        url: `/issuer/credentials/${encodeURIComponent(credentialId)}/status`,
        headers: auth,
        payload: { status },
      }),
      200,
    );
  }
  const [entry] = await app.deps.db
    .select()
    .from(credentialStatuses)
    .where(eq(credentialStatuses.credentialId, credentialId));
  const { listNumber, idx: offeredIdx } = entry;
  const at = new Date();
  // Random indexes, as the issuer draws them (a regular pattern would compress unrealistically).
  const used = new Set([offeredIdx]);
  const rows = [];
  for (let i = 1; rows.length < 999; i += 1) {
    const idx = randomInt(131_072);
    if (used.has(idx)) continue;
    used.add(idx);
    rows.push({
      credentialId: `urn:uuid:bench-${i}`,
      issuer: ISSUER,
      listNumber,
      idx,
      status: i % 2 ? 'revoked' : 'suspended',
      createdAt: at,
      updatedAt: at,
    });
  }
  await app.deps.db.insert(credentialStatuses).values(rows);

  const base = `/status-lists/income-tax-department/${listNumber}`;
  const lists = { token: base, bitstring: `${base}/revocation` };

  const get = (url, headers = {}) => app.inject({ method: 'GET', url, headers });

  // The lists served show the entries set (so the figures are of a list with 1,000 set).
  const token = (await expectStatus(await get(lists.token), 200)).body;
  const tokenList = getListFromStatusListJWT(token);
  const revocation = JSON.parse((await expectStatus(await get(lists.bitstring), 200)).body);
  const bits = await decodeList({ encodedList: revocation.credentialSubject.encodedList });
  let revoked = 0;
  let suspended = 0;
  for (const idx of used) {
    const value = tokenList.getStatus(idx);
    if (value === 1) revoked += 1;
    if (value === 2) suspended += 1;
    if ((value === 1) !== bits.getStatus(idx)) throw new Error(`lists disagree at ${idx}`);
  }
  if (revoked + suspended !== 1000 || tokenList.getStatus(offeredIdx) !== 1) {
    throw new Error(`the lists show ${revoked} revoked and ${suspended} suspended, not 1,000`);
  }

  console.log(
    `node ${process.version}, PGlite in ${dataDir}, list ${listNumber}: 131,072 entries, 1,000 set; ${seconds} s per run`,
  );

  // (a) Built cold: the answer cache emptied before every request. One warm-up request first
  // (the Bitstring library is imported on first use).
  for (const [name, url] of Object.entries(lists)) {
    forgetStatusLists(app.deps.db);
    const first = await expectStatus(await get(url), 200);
    let total = 0;
    let worst = 0;
    for (let i = 0; i < coldBuilds; i += 1) {
      forgetStatusLists(app.deps.db);
      const start = process.hrtime.bigint();
      await expectStatus(await get(url), 200);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      total += ms;
      worst = Math.max(worst, ms);
    }
    console.log(
      `${name}: cold build (read + build + compress + sign), ${coldBuilds} builds: ${(total / coldBuilds).toFixed(1)} ms per build (worst ${worst.toFixed(1)} ms), ${first.rawPayload.length.toLocaleString('en-US')} bytes answered`,
    );
  }

  // (b) Answers within the 1 s cache; (c) conditional requests answered 304.
  async function run(name, url, headers, code) {
    await expectStatus(await get(url, headers), code);
    const end = Date.now() + seconds * 1000;
    let answers = 0;
    const start = process.hrtime.bigint();
    while (Date.now() < end) {
      for (let i = 0; i < 100; i += 1) await expectStatus(await get(url, headers), code);
      answers += 100;
    }
    const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
    console.log(
      `${name}: ${answers} answers ${code} in ${elapsed.toFixed(2)} s: ${Math.round(answers / elapsed)} answers/s, ${((elapsed / answers) * 1e3).toFixed(3)} ms per answer`,
    );
  }
  for (const [name, url] of Object.entries(lists)) {
    await run(`${name}: served within the 1 s cache`, url, {}, 200);
  }
  for (const [name, url] of Object.entries(lists)) {
    const { etag } = (await expectStatus(await get(url), 200)).headers;
    await run(`${name}: If-None-Match answered 304`, url, { 'if-none-match': etag }, 304);
  }
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
