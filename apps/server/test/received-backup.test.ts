/**
 * Credentials received over OpenID4VCI in the holder's export, backups and restore (core
 * api/export.ts export version 2; docs/oid4vci.md "Backups and export"), on every backend, with
 * the OUTSIDE issuer (test/helpers/outside-issuer.ts: jose and @sd-jwt only):
 * - the export and an encrypted backup carry each received credential exactly as issued, with its
 *   format, issuer, vct, display and dates, and none of the issuer's secrets;
 * - restore brings deleted ones back byte for byte after checking them again (signature with the
 *   issuer's current keys, binding to this holder's key), skips those held now (SPEC 5 one per
 *   type, or the very credential), leaves pending ones out, and refuses a changed credential or
 *   another holder's with backup_invalid, restoring nothing;
 * - a body without `received_credentials` (a version 1 backup) still restores.
 */
import {
  type BackupFile,
  type ExportedReceivedCredential,
  type HolderExport,
  holderExportSchema,
} from '@pehchaan/core';
import type { FastifyInstance } from 'fastify';
import { CompactEncrypt, compactDecrypt, exportJWK, generateKeyPair, importJWK } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, loginDemo, PRIMARY, SECONDARY, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';
import { type OutsideIssuer, startOutsideIssuer } from './helpers/outside-issuer';
import { expectProblem } from './helpers/problem';

const clock = new TestClock();
let issuer: OutsideIssuer;
const passphrase = 'banyan by the river';

beforeAll(async () => {
  issuer = await startOutsideIssuer(clock.now);
});
afterAll(() => issuer.close());
beforeEach(() => {
  issuer.setTamper('none');
  clock.advance(1000);
});

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

describe.each(backends)('received credentials in backups on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  const userId = PRIMARY.userId;
  const base = `/user/${userId}`;

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, oid4vciAllowLoopback: true });
    token = await loginDemo(app);
  });
  afterAll(async () => {
    await app.close();
    await opened.dispose();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Receives one offer of `slug` and answers the stored record's id. */
  async function receive(slug: 'library' | 'uidai' | 'diploma'): Promise<string> {
    const offer = await call('POST', `${base}/credential-offers`, {
      offer: issuer.makeOffer(slug).link,
    });
    expect(offer.statusCode, offer.body).toBe(201);
    const accepted = await call('POST', `${base}/credential-offers/${offer.json().id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(201);
    return accepted.json().credentials[0].id as string;
  }
  const sdJwtOf = async (id: string) =>
    (await call('GET', `${base}/credentials/${id}/sd-jwt`)).body;
  const listedIds = async () =>
    ((await call('GET', `${base}/credentials`)).json().credentials as { id: string }[]).map(
      (c) => c.id,
    );
  const restore = (data: HolderExport, received: unknown = data.received_credentials) =>
    call('POST', `${base}/restore`, {
      settings: data.settings,
      verifiable_credentials: data.verifiable_credentials,
      received_credentials: received,
    });

  let library = '';
  let aadhaar = '';
  let backup: HolderExport;

  it('the export and a backup carry each received credential as issued, and no issuer secret', async () => {
    library = await receive('library');
    const libraryIssued = issuer.issued.at(-1) as string;
    aadhaar = await receive('uidai');
    const aadhaarIssued = issuer.issued.at(-1) as string;

    const exported = await call('GET', `${base}/export`);
    expect(exported.statusCode).toBe(200);
    const data = holderExportSchema.parse(exported.json());
    expect(data.version).toBe(2);
    const byId = new Map(data.received_credentials.map((c) => [c.id, c]));
    expect(byId.get(library)).toEqual({
      id: library,
      format: 'dc+sd-jwt',
      credential_issuer: issuer.issuerId('library'),
      vct: `${issuer.origin}/vct/library-card`,
      display: {
        issuer_name: 'City Library',
        name: 'Library Card',
        claim_labels: expect.objectContaining({ member_no: 'MEMBER NO' }),
      },
      state: 'issued',
      credential: libraryIssued,
      issued_at: expect.any(String),
      expires_at: expect.any(String),
      received_at: expect.any(String),
    } satisfies ExportedReceivedCredential);
    expect(byId.get(aadhaar)).toMatchObject({
      format: 'vc+sd-jwt',
      vct: 'https://uidai.example/vct/aadhaar',
      credential: aadhaarIssued,
    });
    // Neither the access token nor the notification id the issuer gave leaves the server.
    expect(exported.body).not.toMatch(/access_token|notification_id|transaction_id/);

    expect((await call('PUT', `${base}/backup-key`, await makeBackupKey())).statusCode).toBe(200);
    const made = await call('POST', `${base}/backups`);
    expect(made.statusCode, made.body).toBe(201);
    const file = (await call('GET', `${base}/backups/${made.json().id}`)).json() as BackupFile;
    backup = await openBackup(file);
    expect(backup.received_credentials.map((c) => c.credential)).toEqual(
      data.received_credentials.map((c) => c.credential),
    );
  });

  it('restore brings deleted ones back byte for byte, checked again; held ones are skipped', async () => {
    const libraryIssued = await sdJwtOf(library);
    const aadhaarIssued = await sdJwtOf(aadhaar);
    for (const id of [library, aadhaar]) {
      expect((await call('DELETE', `${base}/credentials/${id}`)).statusCode).toBe(200);
    }
    expect(await listedIds()).not.toContain(library);

    const restored = await restore(backup);
    expect(restored.statusCode, restored.body).toBe(200);
    // The product's own documents are all held still: only the two received ones come back.
    expect(restored.json()).toMatchObject({ credentials_restored: 2, settings_restored: true });
    expect(await sdJwtOf(library)).toBe(libraryIssued);
    expect(await sdJwtOf(aadhaar)).toBe(aadhaarIssued);
    const listed = (await call('GET', `${base}/credentials`)).json().credentials as {
      id: string;
      received?: Record<string, unknown>;
    }[];
    expect(listed.find((c) => c.id === aadhaar)?.received).toMatchObject({
      format: 'vc+sd-jwt',
      issuer_name: 'Unique Identification Authority (outside)',
      trusted: false,
      state: 'issued',
    });

    // Again: every credential is held now, nothing is added.
    const again = await restore(backup);
    expect(again.json()).toMatchObject({ credentials_restored: 0 });
    expect((await listedIds()).filter((id) => id === library)).toHaveLength(1);
  });

  it('SPEC 5: a backed-up Aadhaar is skipped while the holder holds another Aadhaar', async () => {
    expect((await call('DELETE', `${base}/credentials/${aadhaar}`)).statusCode).toBe(200);
    const fresh = await receive('uidai');
    const restored = await restore(backup);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ credentials_restored: 0 });
    expect(await listedIds()).toContain(fresh);
    expect(await listedIds()).not.toContain(aadhaar);
  });

  it('refuses a changed credential and one bound to another key, restoring nothing', async () => {
    expect((await call('DELETE', `${base}/credentials/${library}`)).statusCode).toBe(200);
    const original = backup.received_credentials.find((c) => c.id === library);
    const issued = String(original?.credential);
    const [jwt = '', ...disclosures] = issued.split('~');
    const [header, payload, signature = ''] = jwt.split('.');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const changed = {
      ...original,
      credential: [`${header}.${payload}.${flipped}`, ...disclosures].join('~'),
    };
    expectProblem(await restore(backup, [changed]), 'backup_invalid');
    expect(await listedIds()).not.toContain(library);

    // Another holder's backup: the credential is bound to PRIMARY's key, not to theirs.
    const other = await loginDemo(app, SECONDARY);
    const answer = await app.inject({
      method: 'POST',
      url: `/user/${SECONDARY.userId}/restore`,
      headers: bearer(other),
      payload: {
        settings: backup.settings,
        verifiable_credentials: [],
        received_credentials: [original],
      },
    });
    expectProblem(answer, 'backup_invalid');
  });

  it('a pending credential is exported without secrets and left out of a restore', async () => {
    issuer.setTamper('deferred');
    const pending = await receive('library');
    const data = holderExportSchema.parse((await call('GET', `${base}/export`)).json());
    const exported = data.received_credentials.find((c) => c.id === pending);
    expect(exported).toMatchObject({ state: 'pending', credential: null });
    expect(JSON.stringify(data)).not.toMatch(/transaction_id|access_token/);

    expect((await call('DELETE', `${base}/credentials/${pending}`)).statusCode).toBe(200);
    const restored = await call('POST', `${base}/restore`, {
      settings: data.settings,
      verifiable_credentials: [],
      received_credentials: [exported],
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ credentials_restored: 0, credentials_skipped: 1 });
    expect(await listedIds()).not.toContain(pending);
  });

  it('a version 1 body (no received_credentials) restores as before', async () => {
    const restored = await call('POST', `${base}/restore`, {
      settings: backup.settings,
      verifiable_credentials: backup.verifiable_credentials,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const v1 = holderExportSchema.parse({
      ...backup,
      version: 1,
      received_credentials: undefined,
    });
    expect(v1.received_credentials).toEqual([]);
  });

  it('an ldp_vc travels as its document: exported, downloaded and restored as issued', async () => {
    const diploma = await receive('diploma');
    const sent = JSON.parse(issuer.issued.at(-1) as string) as Record<string, unknown>;
    // The card's download: the document as the issuer signed it.
    const downloaded = await call('GET', `${base}/credentials/${diploma}/document`);
    expect(downloaded.statusCode, downloaded.body).toBe(200);
    expect(downloaded.json().verifiable_credential).toEqual(sent);
    const data = holderExportSchema.parse((await call('GET', `${base}/export`)).json());
    const exported = data.received_credentials.find((c) => c.id === diploma);
    expect(exported).toMatchObject({ format: 'ldp_vc', vct: null, credential: sent });

    expect((await call('DELETE', `${base}/credentials/${diploma}`)).statusCode).toBe(200);
    // Another subject (not this holder's did:key) restores nothing.
    const forged = structuredClone(exported) as ExportedReceivedCredential;
    const subject = (forged.credential as Record<string, unknown>).credentialSubject as Record<
      string,
      unknown
    >;
    subject.id = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK';
    const only = (item: unknown) =>
      call('POST', `${base}/restore`, {
        settings: data.settings,
        verifiable_credentials: [],
        received_credentials: [item],
      });
    expectProblem(await only(forged), 'backup_invalid');
    const restored = await only(exported);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ credentials_restored: 1 });
    const again = await call('GET', `${base}/credentials/${diploma}/document`);
    expect(again.json().verifiable_credential).toEqual(sent);
  });
});
