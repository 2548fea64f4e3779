/**
 * A card's SD-JWT VC in the holder's export, backups and restore (core api/export.ts export
 * version 3 `credential_sd_jwts`; docs/oid4vci.md "Backups and export"), on every backend: a card
 * from Add Credentials (the product's issuer over OpenID4VCI: its ldp_vc document and dc+sd-jwt
 * sibling) is backed up with both; after it is deleted and restored, GET .../sd-jwt answers the
 * issued SD-JWT byte for byte and it can be presented over OpenID4VP again. A changed SD-JWT, one
 * bound to another holder, or one paired with another card's document makes the whole restore
 * fail with backup_invalid; a backup without SD-JWTs (an older version) restores the document
 * alone.
 */
import {
  type BackupFile,
  type HolderExport,
  holderExportSchema,
  publicJwkToDidKey,
} from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import {
  CompactEncrypt,
  compactDecrypt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadHolderKey } from '../src/lib/holder-keys';
import { CARD_SD_JWT_INVALID_DETAIL } from '../src/wallet/check-card-sd-jwts';
import { bearer, buildTestApp, loginDemo, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { expectProblem } from './helpers/problem';

const passphrase = 'monsoon over the ghats';

/** What the browser does: a P-256 key pair, the private key wrapped by the passphrase. */
async function makeBackupKey() {
  const { publicKey, privateKey } = await generateKeyPair('ECDH-ES+A256KW', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const wrapped = await new CompactEncrypt(
    new TextEncoder().encode(JSON.stringify(await exportJWK(privateKey))),
  )
    .setProtectedHeader({ alg: 'PBES2-HS512+A256KW', enc: 'A256GCM' })
    .setKeyManagementParameters({ p2c: 10_000 })
    .encrypt(new TextEncoder().encode(passphrase));
  return {
    public_jwk: { kty: publicJwk.kty, crv: publicJwk.crv, x: publicJwk.x, y: publicJwk.y },
    wrapped_private_key: wrapped,
  };
}

/** What the browser does to restore: unwrap with the passphrase, decrypt the backup. */
async function openBackup(file: BackupFile): Promise<HolderExport> {
  const { plaintext: jwk } = await compactDecrypt(
    file.wrapped_private_key,
    new TextEncoder().encode(passphrase),
    { keyManagementAlgorithms: ['PBES2-HS512+A256KW'] },
  );
  const key = await importJWK(JSON.parse(new TextDecoder().decode(jwk)), 'ECDH-ES+A256KW');
  const { plaintext } = await compactDecrypt(file.backup, key);
  return holderExportSchema.parse(JSON.parse(new TextDecoder().decode(plaintext)));
}

/** A disclosure's array [salt, name, value]. */
function disclosure(encoded: string): unknown[] {
  return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
}

describe.each(backends)("a card's SD-JWT VC in backups on $name", (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  const clock = new TestClock();
  const userId = PRIMARY.userId;
  const base = `/user/${userId}`;

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now });
    token = await loginDemo(app);
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  /** `sdJwts` null: a body without `credential_sd_jwts` (a version 1 or 2 backup). */
  const restore = (data: HolderExport, sdJwts: unknown = data.credential_sd_jwts) =>
    call('POST', `${base}/restore`, {
      settings: data.settings,
      verifiable_credentials: data.verifiable_credentials,
      received_credentials: data.received_credentials,
      ...(sdJwts === null ? {} : { credential_sd_jwts: sdJwts }),
    });
  const listedIds = async () =>
    ((await call('GET', `${base}/credentials`)).json().credentials as { id: string }[]).map(
      (c) => c.id,
    );

  let pan = '';
  let panDocumentId = '';
  let issued = '';
  let backup: HolderExport;

  it('the export and a backup carry the SD-JWT VC of each card as issued, beside its document', async () => {
    const added = await app.inject({
      method: 'POST',
      url: `/identity/generate-credential?user_id=${userId}&document_type=pan`,
      headers: bearer(token),
    });
    expect(added.statusCode, added.body).toBe(200);
    pan = added.json().credential_id;
    panDocumentId = added.json().verifiable_credential.id;
    const sdJwt = await call('GET', `${base}/credentials/${pan}/sd-jwt`);
    expect(sdJwt.statusCode, sdJwt.body).toBe(200);
    issued = sdJwt.body;

    const exported = holderExportSchema.parse((await call('GET', `${base}/export`)).json());
    expect(exported.version).toBe(3);
    expect(exported.credential_sd_jwts).toContainEqual({
      document_id: panDocumentId,
      sd_jwt: issued,
    });
    // Every entry names one of the export's documents (the Basic Identity has one too).
    const documentIds = exported.verifiable_credentials.map((d) => d.id);
    for (const entry of exported.credential_sd_jwts) {
      expect(documentIds).toContain(entry.document_id);
    }

    expect((await call('PUT', `${base}/backup-key`, await makeBackupKey())).statusCode).toBe(200);
    const made = await call('POST', `${base}/backups`);
    expect(made.statusCode, made.body).toBe(201);
    const file = (await call('GET', `${base}/backups/${made.json().id}`)).json() as BackupFile;
    backup = await openBackup(file);
    expect(backup.credential_sd_jwts).toEqual(exported.credential_sd_jwts);
  });

  it('restore brings the card back with its SD-JWT VC byte for byte, presentable over OpenID4VP', async () => {
    expect((await call('DELETE', `${base}/credentials/${pan}`)).statusCode).toBe(200);
    expect(await listedIds()).not.toContain(pan);

    const restored = await restore(backup);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ credentials_restored: 1 });
    expect(await listedIds()).toContain(pan);
    const sdJwt = await call('GET', `${base}/credentials/${pan}/sd-jwt`);
    expect(sdJwt.statusCode, sdJwt.body).toBe(200);
    expect(sdJwt.body).toBe(issued);

    // Presented over OpenID4VP (the wallet's port): the issuer's JWT as issued, only the asked
    // disclosure, and a key-binding JWT by the holder's Ed25519 key the SD-JWT is bound to.
    const presentation = await app.deps.roles.wallet.presentCredential({
      userId,
      documentType: 'pan',
      disclose: ['name'],
      nonce: 'restored-nonce-1',
      audience: 'x509_san_dns:verifier.example',
    });
    const parts = presentation.split('~');
    expect(parts[0]).toBe(issued.split('~')[0]);
    expect(parts.slice(1, -1).map((d) => disclosure(d)[1])).toEqual(['name']);
    const kbJwt = parts.at(-1) as string;
    expect(decodeProtectedHeader(kbJwt)).toMatchObject({ typ: 'kb+jwt', alg: 'EdDSA' });
    const holderKey = await loadHolderKey({ ...app.deps, userId });
    const { payload } = await jwtVerify(kbJwt, await importJWK(holderKey.publicJwk, 'EdDSA'), {
      audience: 'x509_san_dns:verifier.example',
      currentDate: clock.now(),
    });
    expect(payload.nonce).toBe('restored-nonce-1');
    const document = backup.verifiable_credentials.find((d) => d.id === panDocumentId);
    expect((document?.credentialSubject as { id?: string } | undefined)?.id).toBe(
      publicJwkToDidKey(holderKey.publicJwk),
    );
  });

  it('refuses a changed SD-JWT VC, another holder, or one paired with another document', async () => {
    expect((await call('DELETE', `${base}/credentials/${pan}`)).statusCode).toBe(200);
    const [jwt = '', ...disclosures] = issued.split('~');
    const [header, body, signature = ''] = jwt.split('.');
    const others = backup.credential_sd_jwts.filter((e) => e.document_id !== panDocumentId);
    const withPan = (sdJwt: string) => [...others, { document_id: panDocumentId, sd_jwt: sdJwt }];

    // Its signature changed.
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const badSignature = [`${header}.${body}.${flipped}`, ...disclosures].join('~');
    expectProblem(
      await restore(backup, withPan(badSignature)),
      'backup_invalid',
      CARD_SD_JWT_INVALID_DETAIL,
    );

    // A disclosure's value changed (its digest is no longer one the issuer signed).
    const index = disclosures.findIndex((d) => d !== '' && disclosure(d)[1] === 'name');
    const [salt] = disclosure(disclosures[index] as string);
    const forged = Buffer.from(JSON.stringify([salt, 'name', 'Someone Else'])).toString(
      'base64url',
    );
    const badDisclosure = [jwt, ...disclosures.map((d, i) => (i === index ? forged : d))].join('~');
    expectProblem(
      await restore(backup, withPan(badDisclosure)),
      'backup_invalid',
      CARD_SD_JWT_INVALID_DETAIL,
    );

    // Another card's SD-JWT VC (the Basic Identity's) under the PAN Card's document.
    const basic = others[0]?.sd_jwt;
    if (!basic) throw new Error('the Basic Identity has no SD-JWT VC in the backup');
    expectProblem(
      await restore(backup, withPan(basic)),
      'backup_invalid',
      CARD_SD_JWT_INVALID_DETAIL,
    );

    // An SD-JWT VC naming no document of the backup.
    expectProblem(
      await restore(backup, [
        ...backup.credential_sd_jwts,
        { document_id: 'urn:pehchaan:credential:cred-none', sd_jwt: issued },
      ]),
      'backup_invalid',
      CARD_SD_JWT_INVALID_DETAIL,
    );
    // Nothing was restored.
    expect(await listedIds()).not.toContain(pan);

    // Another holder restoring PRIMARY's card: the document and SD-JWT are bound to PRIMARY.
    const other = await loginDemo(app, SECONDARY);
    const answer = await app.inject({
      method: 'POST',
      url: `/user/${SECONDARY.userId}/restore`,
      headers: bearer(other),
      payload: {
        settings: backup.settings,
        verifiable_credentials: backup.verifiable_credentials.filter((d) => d.id === panDocumentId),
        credential_sd_jwts: [{ document_id: panDocumentId, sd_jwt: issued }],
      },
    });
    expectProblem(answer, 'backup_invalid', CARD_SD_JWT_INVALID_DETAIL);
  });

  it('a backup without SD-JWT VCs (version 2) restores the document alone', async () => {
    const restored = await restore(backup, null);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ credentials_restored: 1 });
    expect(await listedIds()).toContain(pan);
    // A card bound to the holder's did:key has no SD-JWT form without its issued one.
    expectProblem(
      await call('GET', `${base}/credentials/${pan}/sd-jwt`),
      'received_credential_unsupported',
    );
  });
});
