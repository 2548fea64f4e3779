/**
 * A real offline QR for the web tests, made as the product's issuer and wallet make one
 * (docs/offline-verification.md), with WebCrypto only: an SD-JWT VC of a PAN card signed EdDSA
 * by a fresh did:key issuer, the chosen disclosures, a KB-JWT (aud 'offline' or 'offline-print',
 * nonce, iat, sd_hash) signed by the holder's Ed25519 key in `cnf`, encoded with core's
 * encodeOfflineQr; the issuer's trust-list entry; and its statuslist+jwt (2 bits, zlib) with the
 * credential's entry set to a value.
 */
import {
  didKeyVerificationMethod,
  ed25519PublicKeyToDidKey,
  encodeOfflineQr,
  type TrustListAnswer,
} from '@pehchaan/core';

const encoder = new TextEncoder();
const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const b64json = (value: unknown) => b64url(encoder.encode(JSON.stringify(value)));

async function sha256(text: string): Promise<string> {
  return b64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}

async function ed25519() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { pair, raw, x: b64url(raw) };
}

async function signJwt(header: object, payload: object, key: CryptoKey): Promise<string> {
  const input = `${b64json(header)}.${b64json(payload)}`;
  const signature = await crypto.subtle.sign('Ed25519', key, encoder.encode(input));
  return `${input}.${b64url(new Uint8Array(signature))}`;
}

async function zlib(bytes: Uint8Array): Promise<Uint8Array> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const deflate = new CompressionStream('deflate') as unknown as TransformStream<
    Uint8Array,
    Uint8Array
  >;
  const reader = source.pipeThrough(deflate).getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

export const OFFLINE_NONCE = 'K7Q2ZP';
const STATUS_INDEX = 5;

export interface OfflineQrFixture {
  /** The QR code's text, `PH1:...`. */
  text: string;
  trustList: TrustListAnswer;
  /** The status list's URL (on `origin`). */
  statusListUri: string;
  /** The statuslist+jwt with the credential's entry set to `status` (0 valid, 1 revoked). */
  statusListJwt: (status: number) => Promise<string>;
}

/** A PAN card of Priya Sharma shown as an offline QR on `origin`, issued by a fresh did:key. */
export async function makeOfflineQr(
  options: { origin?: string; aud?: string; iatSeconds?: number; disclose?: string[] } = {},
): Promise<OfflineQrFixture> {
  const origin = options.origin ?? 'http://localhost:3000';
  const issuer = await ed25519();
  const holder = await ed25519();
  const did = ed25519PublicKeyToDidKey(issuer.raw);
  const kid = didKeyVerificationMethod(did);
  const statusListUri = `${origin}/status-lists/income-tax-department/1`;
  const now = Math.floor(Date.now() / 1000);
  const claims: [string, string][] = [
    ['name', 'Priya Sharma'],
    ['document_type', 'PAN Card'],
    ['pan_number', 'ABCDE1234F'],
    ['date_of_birth', '1990-05-14'],
  ];
  const disclosures = claims.map(([name, value], i) =>
    b64json([`salt-${i}-abcdefgh`, name, value]),
  );
  const digests = await Promise.all(disclosures.map(sha256));
  const issuerJwt = await signJwt(
    { alg: 'EdDSA', typ: 'dc+sd-jwt', kid },
    {
      iss: did,
      vct: `${origin}/vct/pan`,
      iat: now - 86_400,
      nbf: now - 86_400,
      exp: now + 365 * 86_400,
      cnf: { jwk: { kty: 'OKP', crv: 'Ed25519', x: holder.x } },
      status: { status_list: { idx: STATUS_INDEX, uri: statusListUri } },
      _sd_alg: 'sha-256',
      _sd: digests,
    },
    issuer.pair.privateKey,
  );
  const disclose = options.disclose ?? ['name', 'pan_number'];
  const chosen = disclosures.filter((_, i) => disclose.includes(claims[i]?.[0] ?? ''));
  const withoutKb = `${[issuerJwt, ...chosen].join('~')}~`;
  const kbJwt = await signJwt(
    { alg: 'EdDSA', typ: 'kb+jwt' },
    {
      aud: options.aud ?? 'offline',
      nonce: OFFLINE_NONCE,
      iat: options.iatSeconds ?? now - 60,
      sd_hash: await sha256(withoutKb),
    },
    holder.pair.privateKey,
  );
  const trustList: TrustListAnswer = {
    issuers: [
      {
        identifier: `${origin}/oid4vci/issuers/income-tax-department`,
        name: 'Income Tax Department',
        names: { en: 'Income Tax Department' },
        jwks: null,
        jwks_url: null,
        dids: [did],
        document_types: ['pan'],
        origin: 'product',
        added_at: '2026-01-01T00:00:00.000Z',
      },
    ],
    count: 1,
  };
  const statusListJwt = async (status: number) => {
    const bytes = new Uint8Array(16_384);
    bytes[Math.floor((STATUS_INDEX * 2) / 8)] = status << ((STATUS_INDEX * 2) % 8);
    return signJwt(
      { alg: 'EdDSA', typ: 'statuslist+jwt', kid },
      {
        sub: statusListUri,
        iat: now,
        exp: now + 86_400,
        ttl: 300,
        status_list: { bits: 2, lst: b64url(await zlib(bytes)) },
      },
      issuer.pair.privateKey,
    );
  };
  return { text: encodeOfflineQr(withoutKb + kbJwt), trustList, statusListUri, statusListJwt };
}
