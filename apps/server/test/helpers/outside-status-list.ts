/**
 * An OUTSIDE issuer's status lists for tests, written on node:http, node:crypto,
 * @sd-jwt/jwt-status-list and @digitalbazaar/vc-bitstring-status-list only (no product code),
 * listening on 127.0.0.1 (the checker reaches it only under OID4VCI_ALLOW_LOOPBACK=true). Its
 * issuer is the did:key of an Ed25519 key; it serves:
 * - `GET /lists/token`: an IETF Token Status List token (`application/statuslist+jwt`, header
 *   { alg: EdDSA, typ: statuslist+jwt, kid: the DID URL }, payload { sub: the URL, iat, exp,
 *   ttl, status_list { bits: 2, lst } }), made with the library's StatusList and
 *   createHeaderAndPayload and signed here;
 * - `GET /lists/revocation` and `/lists/suspension`: BitstringStatusListCredentials (VCDM 2.0,
 *   eddsa-jcs-2022 proof signed by hand: RFC 8785 JSON, SHA-256, Ed25519, base58btc), their
 *   encodedList made with the library's BitstringStatusList.
 * The test flips entries (`setToken`, `setBit`), spoils the next answers (`setMode`: a list
 * signed by another key, a `sub`/`id` naming another URL, an expired list), counts the
 * requests (`hits`) and stops the server (`stop`: then unreachable).
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BitstringStatusList } from '@digitalbazaar/vc-bitstring-status-list';
import { createHeaderAndPayload, StatusList } from '@sd-jwt/jwt-status-list';
import type { JWK } from 'jose';
import { base58btc, canonicalJson, didKeyOf } from './outside-issuer';

/** How the next answers are spoiled. */
export type ListMode = 'good' | 'forged' | 'wrong_subject' | 'expired' | 'not_found';

/** Entries of each list (131,072, as the product's issuers hold). */
export const LIST_SIZE = 131_072;

export interface OutsideStatusLists {
  /** http://127.0.0.1:<port>. */
  origin: string;
  /** The issuer's did:key. */
  issuer: string;
  /** The Token Status List URL. */
  tokenUrl: string;
  /** The Bitstring Status List credential URL of `purpose`. */
  bitstringUrl(purpose: 'revocation' | 'suspension'): string;
  /** Sets entry `idx` of the token list (0 valid, 1 invalid, 2 suspended, 3 other). */
  setToken(idx: number, status: number): void;
  /** Sets or clears bit `index` of the `purpose` list. */
  setBit(purpose: 'revocation' | 'suspension', index: number, on: boolean): void;
  setMode(mode: ListMode): void;
  /** `ttl` the lists state: seconds in the token, x1000 ms in the Bitstring credentials. */
  setTtlSeconds(ttl: number): void;
  /** Requests answered per path so far. */
  hits: Map<string, number>;
  /** An SD-JWT VC payload's `status` pointing at entry `idx`. */
  tokenStatus(idx: number): { status_list: { idx: number; uri: string } };
  /** A W3C credential's `credentialStatus` pointing at bit `index` of both Bitstring lists. */
  credentialStatus(index: number): Record<string, string>[];
  /** Signs `unsigned` (a W3C VC 2.0 document) with the issuer's key, eddsa-jcs-2022 by hand. */
  signCredential(unsigned: Record<string, unknown>): Record<string, unknown>;
  /** The issuer's private key (to sign SD-JWT VCs). */
  privateKey: KeyObject;
  publicJwk: JWK;
  stop(): Promise<void>;
}

/** eddsa-jcs-2022 by hand (W3C Data Integrity EdDSA v1.0, 3.3). */
function signJcs(
  unsigned: Record<string, unknown>,
  issuer: string,
  privateKey: KeyObject,
  created: string,
): Record<string, unknown> {
  const proofConfig = {
    type: 'DataIntegrityProof',
    cryptosuite: 'eddsa-jcs-2022',
    created,
    verificationMethod: `${issuer}#${issuer.slice('did:key:'.length)}`,
    proofPurpose: 'assertionMethod',
    '@context': unsigned['@context'],
  };
  const hashData = Buffer.concat([
    createHash('sha256').update(canonicalJson(proofConfig)).digest(),
    createHash('sha256').update(canonicalJson(unsigned)).digest(),
  ]);
  const signature = sign(null, hashData, privateKey);
  return { ...unsigned, proof: { ...proofConfig, proofValue: `z${base58btc(signature)}` } };
}

/**
 * Starts the lists; `now` is the clock their iat/exp/validFrom follow. `keys`: sign as this
 * Ed25519 key's did:key (an outside issuer's own key, so its credentials' lists verify), else a
 * new key.
 */
export async function startOutsideStatusLists(
  now: () => Date,
  keys?: { privateKey: KeyObject; publicJwk: JWK },
): Promise<OutsideStatusLists> {
  const keyPair = () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    return { privateKey, publicJwk: publicKey.export({ format: 'jwk' }) as JWK };
  };
  const own = keys ?? keyPair();
  const forger = keyPair();
  const issuer = didKeyOf(own.publicJwk);
  const kid = `${issuer}#${issuer.slice('did:key:'.length)}`;
  const token = new StatusList(new Array(LIST_SIZE).fill(0), 2);
  const bits = {
    revocation: new BitstringStatusList({ length: LIST_SIZE }),
    suspension: new BitstringStatusList({ length: LIST_SIZE }),
  };
  let mode: ListMode = 'good';
  let ttl = 300;
  const hits = new Map<string, number>();
  let origin = '';
  const seconds = () => Math.floor(now().getTime() / 1000);
  const iso = (s: number) => new Date(s * 1000).toISOString().replace('.000Z', 'Z');

  function tokenJwt(url: string): string {
    const iat = seconds();
    const { header, payload } = createHeaderAndPayload(
      token,
      {
        sub: mode === 'wrong_subject' ? `${url}/other` : url,
        iat: mode === 'expired' ? iat - 7200 : iat,
        exp: mode === 'expired' ? iat - 3600 : iat + 86_400,
        ttl,
      },
      { alg: 'EdDSA', typ: 'statuslist+jwt', kid },
    );
    const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    const key = mode === 'forged' ? forger.privateKey : own.privateKey;
    return `${input}.${sign(null, Buffer.from(input), key).toString('base64url')}`;
  }

  async function bitstringCredential(url: string, purpose: 'revocation' | 'suspension') {
    const from = seconds();
    const id = mode === 'wrong_subject' ? `${url}/other` : url;
    const unsigned: Record<string, unknown> = {
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      id,
      type: ['VerifiableCredential', 'BitstringStatusListCredential'],
      issuer,
      validFrom: iso(mode === 'expired' ? from - 7200 : from - 60),
      validUntil: iso(mode === 'expired' ? from - 3600 : from + 86_400),
      credentialSubject: {
        id: `${id}#list`,
        type: 'BitstringStatusList',
        statusPurpose: purpose,
        encodedList: await bits[purpose].encode(),
        ttl: ttl * 1000,
      },
    };
    const key = mode === 'forged' ? forger.privateKey : own.privateKey;
    return signJcs(unsigned, issuer, key, iso(from));
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://outside.invalid').pathname;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      if (mode === 'not_found') {
        res.writeHead(404).end();
        return;
      }
      const url = `${origin}${path}`;
      if (path === '/lists/token') {
        res.writeHead(200, { 'content-type': 'application/statuslist+jwt' }).end(tokenJwt(url));
        return;
      }
      if (path === '/lists/revocation' || path === '/lists/suspension') {
        const purpose = path.endsWith('revocation') ? 'revocation' : 'suspension';
        const body = JSON.stringify(await bitstringCredential(url, purpose));
        res.writeHead(200, { 'content-type': 'application/vc+ld+json' }).end(body);
        return;
      }
      res.writeHead(404).end();
    })().catch(() => res.writeHead(500).end());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const bitstringUrl = (purpose: 'revocation' | 'suspension') => `${origin}/lists/${purpose}`;

  return {
    origin,
    issuer,
    tokenUrl: `${origin}/lists/token`,
    bitstringUrl,
    setToken: (idx, status) => token.setStatus(idx, status),
    setBit: (purpose, index, on) => bits[purpose].setStatus(index, on),
    setMode: (next) => {
      mode = next;
    },
    setTtlSeconds: (next) => {
      ttl = next;
    },
    hits,
    tokenStatus: (idx) => ({ status_list: { idx, uri: `${origin}/lists/token` } }),
    credentialStatus: (index) =>
      (['revocation', 'suspension'] as const).map((purpose) => ({
        id: `urn:uuid:${randomBytes(16).toString('hex')}`,
        type: 'BitstringStatusListEntry',
        statusPurpose: purpose,
        statusListIndex: String(index),
        statusListCredential: bitstringUrl(purpose),
      })),
    signCredential: (unsigned) => signJcs(unsigned, issuer, own.privateKey, iso(seconds())),
    privateKey: own.privateKey,
    publicJwk: own.publicJwk,
    stop: async () => {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
