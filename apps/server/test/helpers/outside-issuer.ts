/**
 * An OUTSIDE OpenID4VCI 1.0 credential issuer for tests, written on node:http, jose and
 * @sd-jwt/* only (no product code), listening on 127.0.0.1 (the wallet reaches it only under
 * OID4VCI_ALLOW_LOOPBACK=true). Two Credential Issuers:
 * - `issuers/library`: EdDSA, `dc+sd-jwt` Library Card (a type outside the SPEC's ten), its keys
 *   at /.well-known/jwt-vc-issuer, display names in English and Hindi;
 * - `issuers/uidai`: UIDAI's Aadhaar SD-JWT profile: ES256 proofs only, `typ vc+sd-jwt`, `kid`
 *   in the JWKS its metadata names (jwks_uri), `cnf.jwk` on P-256, `id`, `status`;
 * - `issuers/diploma`: a University Degree as `ldp_vc` (a type outside the SPEC's ten): a W3C VC
 *   2.0 document issued by the did:key of its Ed25519 key, signed by hand here (eddsa-jcs-2022:
 *   RFC 8785 JSON and base58btc written below on node:crypto, no Data Integrity library of the
 *   product), `credentialSubject.id` the did:key of the proof's Ed25519 key.
 * Each serves credential offers by value and by uri, issuer metadata (path insertion),
 * authorization server metadata, a token endpoint (pre-authorized code, with or without a
 * transaction code, one use; a wrong code answers invalid_grant and may be tried again), a nonce
 * endpoint, a credential endpoint that checks the proof JWT itself (typ, alg, jwk, aud, nonce)
 * and a notification endpoint. `setTamper` spoils the next exchanges (a bad signature, another
 * cnf, iss or vct, a credential over 64 KiB, a stale nonce), defers them (a Deferred
 * Credential Endpoint issues them once `setDeferredReady(true)`) or answers two credentials in
 * one Credential Response (two copies of one credential, or two different ones).
 * `setSignedMetadata` serves the metadata signed (OpenID4VCI 1.0 section 12.2.3, `typ:
 * openidvci-issuer-metadata+jwt`, ES256 by `metadataKey`): as the whole answer
 * (`application/jwt`, when asked for) or as a `signed_metadata` member, with a display name that
 * differs from the plain one, or spoiled.
 *
 * The authorization code grant (OpenID4VCI 1.0 section 5; RFC 6749 4.1; RFC 7636; RFC 9126):
 * `makeAuthorizationOffer` makes an offer with only `authorization_code` and an `issuer_state`;
 * the authorization endpoint (`/issuers/{slug}/authorize`) approves at once and redirects (302)
 * to the redirect_uri with `code` and `state`, after checking the client_id and redirect_uri the
 * test registered (`setClient`; a wrong one answers 400, no redirect), response_type, an S256
 * code_challenge, the issuer_state it made and the authorization_details (or, per
 * `setAuthorizationProfile`, the scope) asking for its configuration; `denyNext` answers the next
 * one with error=access_denied; its answers name the server (`iss`, RFC 9207). Pushed
 * authorization requests (`/issuers/{slug}/par`) are offered or required per `setPar`. The token
 * endpoint takes the code once, with the same client_id and redirect_uri and a code_verifier
 * whose S256 is the challenge, and answers authorization_details with credential_identifiers,
 * which the credential endpoint then requires.
 */
import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { digest, generateSalt } from '@sd-jwt/crypto-nodejs';
import { SDJwtVcInstance, type SdJwtVcPayload } from '@sd-jwt/sd-jwt-vc';
import type { DisclosureFrame } from '@sd-jwt/types';
import { decodeProtectedHeader, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';

export type Tamper =
  | 'none'
  | 'signature'
  | 'cnf'
  | 'iss'
  | 'vct'
  | 'big'
  | 'stale_nonce'
  /** ldp_vc: a claim changed after signing (the Data Integrity proof no longer verifies). */
  | 'claim'
  /** The credential endpoint answers 202 with a transaction_id (deferred issuance). */
  | 'deferred'
  /**
   * OpenID4VCI 1.0 8.3: the Credential Response carries two instances of the credential (the
   * same claims, each signed on its own with its own salts and id), one notification_id.
   */
  | 'two'
  /** The Credential Response carries two different credentials (the second has a `note`). */
  | 'two_different'
  /** A credential with an extra `note` claim (the second of 'two_different'). */
  | 'other_claims';

interface IssuerKeys {
  alg: 'EdDSA' | 'ES256';
  kid: string;
  privateKey: KeyObject;
  publicJwk: JWK;
}

function makeKeys(alg: 'EdDSA' | 'ES256', kid: string): IssuerKeys {
  const pair =
    alg === 'EdDSA'
      ? generateKeyPairSync('ed25519')
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    alg,
    kid,
    privateKey: pair.privateKey,
    publicJwk: { ...pair.publicKey.export({ format: 'jwk' }), kid, alg, use: 'sig' } as JWK,
  };
}

/** The W3C VC 2.0 base context. */
const VC_V2 = 'https://www.w3.org/ns/credentials/v2';
/** The diploma issuer's VC type (none of the SPEC's ten). */
const DIPLOMA_TYPE = 'UniversityDegreeCredential';

const DISPLAY_NAMES: Record<OutsideSlug, { en: string; hi: string }> = {
  library: { en: 'Library Card', hi: 'पुस्तकालय कार्ड' },
  uidai: { en: 'Aadhaar', hi: 'आधार' },
  diploma: { en: 'University Degree', hi: 'विश्वविद्यालय उपाधि' },
};

/** RFC 8785 JSON Canonicalization Scheme for plain JSON values (sorted keys, ES number text). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 (Bitcoin alphabet) of `bytes`. */
export function base58btc(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** The did:key of an Ed25519 public JWK (multicodec 0xed 0x01, base58btc). */
export function didKeyOf(jwk: JWK): string {
  const raw = Buffer.from(String(jwk.x), 'base64url');
  return `did:key:z${base58btc(Buffer.concat([Buffer.from([0xed, 0x01]), raw]))}`;
}

function jwsSign(keys: { alg: string; privateKey: KeyObject }, input: string): string {
  const data = Buffer.from(input, 'utf8');
  const signature =
    keys.alg === 'EdDSA'
      ? sign(null, data, keys.privateKey)
      : sign('sha256', data, { key: keys.privateKey, dsaEncoding: 'ieee-p1363' });
  return signature.toString('base64url');
}

/** The outside issuers. */
export type OutsideSlug = 'library' | 'uidai' | 'diploma';

interface IssuerSpec {
  slug: OutsideSlug;
  keys: IssuerKeys;
  configurationId: string;
  format: 'dc+sd-jwt' | 'vc+sd-jwt' | 'ldp_vc';
  vct: () => string;
  proofAlgs: string[];
  claims: () => Record<string, unknown>;
}

/**
 * How the metadata is signed: not at all ('none'), as the whole answer ('jwt'), or as a
 * `signed_metadata` member ('member'); `spoil` breaks it: another key, another `sub`, expired.
 */
export interface SignedMetadataMode {
  as: 'none' | 'jwt' | 'member';
  spoil?: 'signature' | 'sub' | 'expired';
  /** Sign with this certified key instead, its chain (base64 DER, leaf first) in `x5c`. */
  x5c?: { chain: string[]; privateKeyPem: string };
}

/** A grant the issuer made: the pre-authorized code's issuer, transaction code and use. */
export interface Grant {
  slug: OutsideSlug;
  txCode?: string;
  used: boolean;
}

/** The running outside issuer. */
export interface OutsideIssuer {
  /** http://127.0.0.1:<port>. */
  readonly origin: string;
  /** The Credential Issuer Identifier of 'library' or 'uidai'. */
  issuerId(slug: string): string;
  /** A new offer: its link (by value, or by uri) and its pre-authorized code. */
  makeOffer(
    slug: OutsideSlug,
    options?: { txCode?: string; byUri?: boolean; expiresAt?: number },
  ): { link: string; code: string };
  /**
   * The issuer ends an offer, as an issuer does when it expires or too many wrong codes were
   * typed: its code answers invalid_grant and its credential_offer_uri 410 Gone.
   */
  endOffer(code: string): void;
  /** Pre-authorized code -> grant (a test may mark one used: a replay). */
  grants: Map<string, Grant>;
  /** What the notification endpoint was told, in order. */
  notifications: { slug: string; body: Record<string, unknown> }[];
  /** Every credential issued, in order, exactly as sent. */
  issued: string[];
  /** How the next exchanges (tokens issued from now) are spoiled; 'none' by default. */
  setTamper(mode: Tamper): void;
  /**
   * Members added to the credentials `slug` issues from now (undefined: none), outside the
   * selectively disclosable claims: e.g. an SD-JWT VC's `status` or an ldp_vc's
   * `credentialStatus` (docs/status-lists.md).
   */
  setExtraMembers(slug: OutsideSlug, members: Record<string, unknown> | undefined): void;
  /** The signing key of `slug` (e.g. to serve status lists as that issuer). */
  keysOf(slug: OutsideSlug): { privateKey: KeyObject; publicJwk: JWK };
  /** Whether the Deferred Credential Endpoint issues the waiting credentials now (default no). */
  setDeferredReady(ready: boolean): void;
  /** How the metadata is signed from now on (default not signed). */
  setSignedMetadata(mode: SignedMetadataMode): void;
  /** The public key (ES256, kid 'metadata-key-1') that signs the metadata. */
  readonly metadataKey: JWK;
  /** A new offer with only the authorization code grant and a fresh issuer_state. */
  makeAuthorizationOffer(slug: 'library' | 'uidai'): { link: string; issuerState: string };
  /** The wallet's client_id and redirect_uri the authorization server accepts. */
  setClient(clientId: string, redirectUri: string): void;
  /** Pushed authorization requests: not offered (default), offered, or required. */
  setPar(mode: 'off' | 'offered' | 'required'): void;
  /**
   * How the authorization server describes itself: 'details' (default: authorization_details of
   * type openid_credential), 'scope' (each configuration has a `scope` and the server lists no
   * openid_credential details: it takes the scope), 'no_endpoint' (no authorization_endpoint).
   */
  setAuthorizationProfile(profile: 'details' | 'scope' | 'no_endpoint'): void;
  /** The next authorization request is refused with error=access_denied. */
  denyNext(): void;
  /** Every authorization request as the authorization endpoint read it (PAR resolved), in order. */
  authorizationRequests: Record<string, string>[];
  /** Every pushed authorization request, in order. */
  pushedRequests: Record<string, string>[];
  /** Every authorization code token request, in order, with what the issuer decided. */
  codeTokenRequests: { form: Record<string, string>; pkceMatched: boolean; granted: boolean }[];
  close(): void;
}

/**
 * Starts the outside issuer on 127.0.0.1 (a free port).
 * @param now the clock of its `iat`, `exp` and proof checks (the test's clock).
 */
export async function startOutsideIssuer(now: () => Date): Promise<OutsideIssuer> {
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  let origin = '';
  const issuerId = (slug: string) => `${origin}/issuers/${slug}`;

  const SPECS: Record<OutsideSlug, IssuerSpec> = {
    library: {
      slug: 'library',
      keys: makeKeys('EdDSA', 'library-key-1'),
      configurationId: 'LibraryCard',
      format: 'dc+sd-jwt',
      vct: () => `${origin}/vct/library-card`,
      proofAlgs: ['EdDSA', 'ES256'],
      claims: () => ({ given_name: 'Rahul', family_name: 'Sharma', member_no: 'LIB-00042' }),
    },
    uidai: {
      slug: 'uidai',
      keys: makeKeys('ES256', 'uidai-2025-1'),
      configurationId: 'AadhaarCredential',
      format: 'vc+sd-jwt',
      vct: () => 'https://uidai.example/vct/aadhaar',
      proofAlgs: ['ES256'],
      claims: () => ({
        name: 'Rahul Sharma',
        aadhaar_number: '234567890125',
        date_of_birth: '1990-05-15',
      }),
    },
    diploma: {
      slug: 'diploma',
      keys: makeKeys('EdDSA', 'diploma-key-1'),
      configurationId: 'UniversityDegree_ldp_vc',
      format: 'ldp_vc',
      vct: () => '',
      proofAlgs: ['EdDSA'],
      claims: () => ({ name: 'Rahul Sharma', degree: 'B.Tech', university: 'Example University' }),
    },
  };

  /** A key no metadata names: signs the "bad signature" credential under the real kid. */
  const FORGER = {
    library: makeKeys('EdDSA', 'library-key-1'),
    uidai: makeKeys('ES256', 'uidai-2025-1'),
    diploma: makeKeys('EdDSA', 'diploma-key-1'),
  };

  const grants = new Map<string, Grant>();
  const tokens = new Map<
    string,
    { slug: string; tamper: Tamper; credentialIdentifiers?: string[] }
  >();
  /** issuer_state -> the issuer it was made for. */
  const issuerStates = new Map<string, 'library' | 'uidai'>();
  /** Authorization codes: what they were issued for, one use. */
  const codes = new Map<
    string,
    { slug: string; challenge: string; clientId: string; redirectUri: string; used: boolean }
  >();
  /** Pushed requests: request_uri -> the parameters, one use. */
  const pushed = new Map<string, Record<string, string>>();
  const authorizationRequests: Record<string, string>[] = [];
  const pushedRequests: Record<string, string>[] = [];
  const codeTokenRequests: OutsideIssuer['codeTokenRequests'] = [];
  let client = { clientId: '', redirectUri: '' };
  let par: 'off' | 'offered' | 'required' = 'off';
  let profile: 'details' | 'scope' | 'no_endpoint' = 'details';
  const scopeOf = (spec: IssuerSpec) => `${spec.configurationId.toLowerCase()}_scope`;
  let deny = false;
  const nonces = new Set<string>();
  const offersByUri = new Map<string, unknown>();
  /** credential_offer_uri paths of ended offers (answered 410 Gone). */
  const endedOfferPaths = new Set<string>();
  /** Pre-authorized code -> its credential_offer_uri path. */
  const offerPathOfCode = new Map<string, string>();
  const notifications: { slug: string; body: Record<string, unknown> }[] = [];
  const issued: string[] = [];
  /** How the next credentials are spoiled (per test). */
  let tamper: Tamper = 'none';
  const extraMembers = new Map<OutsideSlug, Record<string, unknown>>();
  /** Deferred issuances waiting: transaction id -> what to issue, for which token. */
  const deferred = new Map<
    string,
    { spec: IssuerSpec; jwk: JWK; token: { slug: string; tamper: Tamper } }
  >();
  /** Whether the deferred credentials are ready (the Deferred Credential Endpoint issues them). */
  let deferredReady = false;
  /** How the metadata is signed (12.2.3). */
  let signedMetadata: SignedMetadataMode = { as: 'none' };
  const METADATA_KEY = makeKeys('ES256', 'metadata-key-1');
  const METADATA_FORGER = makeKeys('ES256', 'metadata-key-1');

  /** The metadata of `spec` as a signed JWT: its credential's display names marked "(signed)". */
  async function signMetadata(spec: IssuerSpec): Promise<string> {
    const metadata = metadataOf(spec);
    const configurations = metadata.credential_configurations_supported as Record<
      string,
      { credential_metadata: { display: { name: string }[] } }
    >;
    for (const configuration of Object.values(configurations)) {
      configuration.credential_metadata.display = configuration.credential_metadata.display.map(
        (d) => ({ ...d, name: `${d.name} (signed)` }),
      );
    }
    const spoil = signedMetadata.spoil;
    const iat = nowSeconds() - 60;
    const x5c = signedMetadata.x5c;
    return new SignJWT(metadata)
      .setProtectedHeader(
        x5c
          ? { alg: 'ES256', typ: 'openidvci-issuer-metadata+jwt', x5c: x5c.chain }
          : { alg: 'ES256', typ: 'openidvci-issuer-metadata+jwt', kid: 'metadata-key-1' },
      )
      .setIssuer(issuerId(spec.slug))
      .setSubject(
        spoil === 'sub'
          ? issuerId(spec.slug === 'uidai' ? 'library' : 'uidai')
          : issuerId(spec.slug),
      )
      .setIssuedAt(spoil === 'expired' ? iat - 7200 : iat)
      .setExpirationTime(spoil === 'expired' ? iat - 3600 : iat + 3600)
      .sign(
        x5c
          ? createPrivateKey(x5c.privateKeyPem)
          : spoil === 'signature'
            ? METADATA_FORGER.privateKey
            : METADATA_KEY.privateKey,
      );
  }
  let serial = 0;

  function metadataOf(spec: IssuerSpec): Record<string, unknown> {
    const id = issuerId(spec.slug);
    return {
      credential_issuer: id,
      authorization_servers: [id],
      credential_endpoint: `${id}/credential`,
      nonce_endpoint: `${id}/nonce`,
      notification_endpoint: `${id}/notification`,
      deferred_credential_endpoint: `${id}/deferred`,
      ...(spec.slug === 'uidai' ? { jwks_uri: `${id}/jwks` } : {}),
      display:
        spec.slug === 'uidai'
          ? [{ name: 'Unique Identification Authority (outside)', locale: 'en' }]
          : [
              {
                name: 'City Library',
                locale: 'en',
                logo: { uri: 'https://library.example/logo.png' },
              },
              { name: 'नगर पुस्तकालय', locale: 'hi' },
            ],
      credential_configurations_supported: {
        [spec.configurationId]: {
          format: spec.format,
          ...(spec.format === 'ldp_vc'
            ? {
                credential_definition: {
                  '@context': [VC_V2],
                  type: ['VerifiableCredential', DIPLOMA_TYPE],
                },
              }
            : { vct: spec.vct() }),
          ...(profile === 'scope' ? { scope: scopeOf(spec) } : {}),
          cryptographic_binding_methods_supported: ['jwk'],
          credential_signing_alg_values_supported: [spec.keys.alg],
          proof_types_supported: { jwt: { proof_signing_alg_values_supported: spec.proofAlgs } },
          credential_metadata: {
            display: [
              { name: DISPLAY_NAMES[spec.slug].en, locale: 'en' },
              { name: DISPLAY_NAMES[spec.slug].hi, locale: 'hi' },
            ],
            claims: Object.keys(spec.claims()).map((name) => ({
              path: [name],
              display: [{ name: name.replace(/_/g, ' ').toUpperCase(), locale: 'en' }],
            })),
          },
        },
      },
    };
  }

  async function issueCredential(
    spec: IssuerSpec,
    holderJwk: JWK,
    mode: Tamper,
  ): Promise<string | Record<string, unknown>> {
    if (spec.format === 'ldp_vc') return issueLdpVc(spec, holderJwk, mode);
    const keys = mode === 'signature' ? FORGER[spec.slug] : spec.keys;
    const instance = new SDJwtVcInstance({
      hasher: digest,
      hashAlg: 'sha-256',
      saltGenerator: generateSalt,
      signAlg: keys.alg,
      signer: (input: string) => jwsSign(keys, input),
    });
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
      format: 'jwk',
    });
    const claims = {
      ...spec.claims(),
      ...(mode === 'big' ? { photo: 'A'.repeat(70 * 1024) } : {}),
      ...(mode === 'other_claims' ? { note: 'Another credential' } : {}),
    };
    const payload: SdJwtVcPayload = {
      iss: mode === 'iss' ? 'https://another-issuer.example' : issuerId(spec.slug),
      vct: mode === 'vct' ? `${origin}/vct/something-else` : spec.vct(),
      iat: nowSeconds(),
      exp: nowSeconds() + 365 * 24 * 3600,
      cnf: { jwk: mode === 'cnf' ? other : holderJwk },
      ...(spec.slug === 'uidai'
        ? {
            id: `urn:uuid:${randomBytes(16).toString('hex')}`,
            status: { status_list: { idx: 7, uri: 'https://uidai.example/status/1' } },
          }
        : {}),
      ...extraMembers.get(spec.slug),
      ...claims,
    };
    return instance.issue(
      payload,
      { _sd: Object.keys(claims) } as DisclosureFrame<SdJwtVcPayload>,
      {
        header: { kid: keys.kid, typ: spec.format },
      },
    );
  }

  /** A University Degree as a W3C VC 2.0 document with an eddsa-jcs-2022 proof, by hand. */
  function issueLdpVc(spec: IssuerSpec, holderJwk: JWK, mode: Tamper): Record<string, unknown> {
    const issuer = didKeyOf(spec.keys.publicJwk);
    const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }) as JWK;
    const at = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
    const unsigned: Record<string, unknown> = {
      '@context': [VC_V2],
      id: `urn:uuid:${randomBytes(16).toString('hex')}`,
      type: ['VerifiableCredential', mode === 'vct' ? 'SomethingElseCredential' : DIPLOMA_TYPE],
      issuer,
      validFrom: at(nowSeconds()),
      validUntil: at(nowSeconds() + 365 * 24 * 3600),
      ...extraMembers.get(spec.slug),
      credentialSubject: {
        id: didKeyOf(mode === 'cnf' ? other : holderJwk),
        ...spec.claims(),
        ...(mode === 'big' ? { photo: 'A'.repeat(70 * 1024) } : {}),
        ...(mode === 'other_claims' ? { note: 'Another credential' } : {}),
      },
    };
    const proofConfig = {
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-jcs-2022',
      created: at(nowSeconds()),
      verificationMethod: `${issuer}#${issuer.slice('did:key:'.length)}`,
      proofPurpose: 'assertionMethod',
      '@context': unsigned['@context'],
    };
    // W3C Data Integrity EdDSA v1.0, 3.3.4-3.3.6: SHA-256 of the JCS proof options, then of
    // the JCS document, signed with Ed25519; proofValue base58btc with the multibase 'z'.
    const hashData = Buffer.concat([
      createHash('sha256').update(canonicalJson(proofConfig)).digest(),
      createHash('sha256').update(canonicalJson(unsigned)).digest(),
    ]);
    const signature = sign(null, hashData, spec.keys.privateKey);
    const signed: Record<string, unknown> = {
      ...unsigned,
      proof: { ...proofConfig, proofValue: `z${base58btc(signature)}` },
    };
    if (mode === 'claim') {
      (signed.credentialSubject as Record<string, unknown>).degree = 'Ph.D.';
    }
    return signed;
  }

  type Reply = { status: number; body?: unknown; jwt?: string };

  type Redirect = { status: 302; location: string };

  /**
   * The authorization endpoint (RFC 6749 4.1.1, 4.1.2): a bad client or redirect_uri is a 400
   * (never a redirect); any other fault is redirected as an error (4.1.2.1).
   */
  function authorize(spec: IssuerSpec, query: URLSearchParams): Reply | Redirect {
    let params = Object.fromEntries(query);
    if (params.request_uri !== undefined) {
      const found = pushed.get(params.request_uri);
      pushed.delete(params.request_uri);
      if (!found || found.client_id !== params.client_id) {
        return { status: 400, body: { error: 'invalid_request_uri' } };
      }
      params = found;
    } else if (par === 'required') {
      return { status: 400, body: { error: 'invalid_request', error_description: 'PAR only' } };
    }
    authorizationRequests.push(params);
    if (params.client_id !== client.clientId)
      return { status: 400, body: { error: 'invalid_client' } };
    if (params.redirect_uri !== client.redirectUri) {
      return { status: 400, body: { error: 'invalid_request', error_description: 'redirect_uri' } };
    }
    const back = (answer: Record<string, string>): Redirect => {
      const target = new URL(client.redirectUri);
      for (const [name, value] of Object.entries(answer)) target.searchParams.set(name, value);
      if (params.state !== undefined) target.searchParams.set('state', params.state);
      target.searchParams.set('iss', issuerId(spec.slug));
      return { status: 302, location: target.toString() };
    };
    if (params.response_type !== 'code') return back({ error: 'unsupported_response_type' });
    if (
      params.code_challenge_method !== 'S256' ||
      !/^[\w-]{43}$/.test(params.code_challenge ?? '')
    ) {
      return back({ error: 'invalid_request', error_description: 'S256 PKCE required' });
    }
    if (issuerStates.get(params.issuer_state ?? '') !== spec.slug) {
      return back({ error: 'invalid_request', error_description: 'unknown issuer_state' });
    }
    let details: { type?: string; credential_configuration_id?: string }[] = [];
    try {
      details = JSON.parse(params.authorization_details ?? '[]');
    } catch {
      return back({ error: 'invalid_authorization_details' });
    }
    const asked =
      profile === 'scope'
        ? (params.scope ?? '').split(' ').includes(scopeOf(spec)) &&
          params.authorization_details === undefined
        : details.some(
            (detail) =>
              detail.type === 'openid_credential' &&
              detail.credential_configuration_id === spec.configurationId,
          );
    if (!asked) return back({ error: 'invalid_authorization_details' });
    if (deny) {
      deny = false;
      return back({ error: 'access_denied', error_description: 'The holder said no' });
    }
    issuerStates.delete(params.issuer_state as string);
    const code = `authz-${randomBytes(16).toString('hex')}`;
    codes.set(code, {
      slug: spec.slug,
      challenge: params.code_challenge as string,
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      used: false,
    });
    return back({ code });
  }

  /** The token endpoint's authorization code grant (RFC 6749 4.1.3; RFC 7636 4.6). */
  function redeemCode(spec: IssuerSpec, form: URLSearchParams): Reply {
    const entry = codes.get(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const pkceMatched =
      entry !== undefined &&
      createHash('sha256').update(verifier, 'ascii').digest('base64url') === entry.challenge;
    const granted =
      entry !== undefined &&
      !entry.used &&
      entry.slug === spec.slug &&
      pkceMatched &&
      form.get('client_id') === entry.clientId &&
      form.get('redirect_uri') === entry.redirectUri;
    codeTokenRequests.push({ form: Object.fromEntries(form), pkceMatched, granted });
    if (!entry || !granted) return { status: 400, body: { error: 'invalid_grant' } };
    entry.used = true;
    const token = randomBytes(16).toString('hex');
    const identifier = `${spec.configurationId}-${randomBytes(4).toString('hex')}`;
    tokens.set(token, { slug: spec.slug, tamper, credentialIdentifiers: [identifier] });
    return {
      status: 200,
      body: {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 300,
        authorization_details: [
          {
            type: 'openid_credential',
            credential_configuration_id: spec.configurationId,
            credential_identifiers: [identifier],
          },
        ],
      },
    };
  }

  async function handle(
    method: string,
    path: string,
    body: string,
    auth: string | undefined,
    query: URLSearchParams = new URLSearchParams(),
    accept = '',
  ): Promise<Reply | Redirect> {
    if (method === 'GET' && endedOfferPaths.has(path)) return { status: 410 };
    if (method === 'GET' && offersByUri.has(path))
      return { status: 200, body: offersByUri.get(path) };
    const wellKnown =
      /^\/\.well-known\/(openid-credential-issuer|oauth-authorization-server|jwt-vc-issuer)\/issuers\/(library|uidai|diploma)$/.exec(
        path,
      );
    if (method === 'GET' && wellKnown) {
      const spec = SPECS[wellKnown[2] as OutsideSlug];
      const id = issuerId(spec.slug);
      if (wellKnown[1] === 'openid-credential-issuer') {
        if (signedMetadata.as === 'jwt' && accept.includes('application/jwt')) {
          return { status: 200, jwt: await signMetadata(spec) };
        }
        if (signedMetadata.as === 'member') {
          return {
            status: 200,
            body: { ...metadataOf(spec), signed_metadata: await signMetadata(spec) },
          };
        }
        return { status: 200, body: metadataOf(spec) };
      }
      if (wellKnown[1] === 'oauth-authorization-server') {
        return {
          status: 200,
          body: {
            issuer: id,
            token_endpoint: `${id}/token`,
            ...(profile === 'no_endpoint' ? {} : { authorization_endpoint: `${id}/authorize` }),
            ...(par === 'off'
              ? {}
              : {
                  pushed_authorization_request_endpoint: `${id}/par`,
                  require_pushed_authorization_requests: par === 'required',
                }),
            response_types_supported: ['code'],
            code_challenge_methods_supported: ['S256'],
            authorization_response_iss_parameter_supported: true,
            authorization_details_types_supported: profile === 'scope' ? [] : ['openid_credential'],
            grant_types_supported: [
              'urn:ietf:params:oauth:grant-type:pre-authorized_code',
              'authorization_code',
            ],
            'pre-authorized_grant_anonymous_access_supported': true,
          },
        };
      }
      return { status: 200, body: { issuer: id, jwks: { keys: [spec.keys.publicJwk] } } };
    }
    const endpoint =
      /^\/issuers\/(library|uidai|diploma)\/(token|nonce|credential|notification|jwks|deferred|authorize|par)$/.exec(
        path,
      );
    if (!endpoint) return { status: 404 };
    const spec = SPECS[endpoint[1] as OutsideSlug];
    switch (endpoint[2]) {
      case 'authorize':
        return method === 'GET' ? authorize(spec, query) : { status: 405 };
      case 'par': {
        if (par === 'off' || method !== 'POST') return { status: 404 };
        const form = Object.fromEntries(new URLSearchParams(body));
        pushedRequests.push(form);
        if (form.client_id !== client.clientId)
          return { status: 401, body: { error: 'invalid_client' } };
        const requestUri = `urn:ietf:params:oauth:request_uri:${randomBytes(12).toString('hex')}`;
        pushed.set(requestUri, form);
        return { status: 201, body: { request_uri: requestUri, expires_in: 60 } };
      }
      case 'jwks':
        return { status: 200, body: { keys: [spec.keys.publicJwk] } };
      case 'nonce': {
        const nonce = randomBytes(12).toString('hex');
        nonces.add(nonce);
        return { status: 200, body: { c_nonce: nonce } };
      }
      case 'token': {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') === 'authorization_code') return redeemCode(spec, form);
        const grant = grants.get(form.get('pre-authorized_code') ?? '');
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:pre-authorized_code') {
          return { status: 400, body: { error: 'unsupported_grant_type' } };
        }
        if (!grant || grant.used || grant.slug !== spec.slug) {
          return { status: 400, body: { error: 'invalid_grant' } };
        }
        if (grant.txCode !== undefined && form.get('tx_code') !== grant.txCode) {
          return {
            status: 400,
            body: { error: 'invalid_grant', error_description: 'wrong tx_code' },
          };
        }
        grant.used = true;
        const token = randomBytes(16).toString('hex');
        tokens.set(token, { slug: spec.slug, tamper });
        return {
          status: 200,
          body: { access_token: token, token_type: 'Bearer', expires_in: 300 },
        };
      }
      case 'credential': {
        const session = tokens.get((auth ?? '').replace(/^Bearer /, ''));
        if (!session || session.slug !== spec.slug)
          return { status: 401, body: { error: 'invalid_token' } };
        const request = JSON.parse(body) as {
          credential_configuration_id?: string;
          credential_identifier?: string;
          proofs?: { jwt?: string[] };
        };
        if (session.credentialIdentifiers) {
          // OpenID4VCI 1.0 8.2: the identifier the token gave, and not the configuration id.
          if (
            request.credential_configuration_id !== undefined ||
            !session.credentialIdentifiers.includes(request.credential_identifier ?? '')
          ) {
            return { status: 400, body: { error: 'unknown_credential_identifier' } };
          }
        } else if (request.credential_configuration_id !== spec.configurationId) {
          return { status: 400, body: { error: 'unknown_credential_configuration' } };
        }
        const proof = request.proofs?.jwt?.[0] ?? '';
        const header = decodeProtectedHeader(proof);
        if (
          header.typ !== 'openid4vci-proof+jwt' ||
          !header.jwk ||
          !spec.proofAlgs.includes(String(header.alg))
        ) {
          return { status: 400, body: { error: 'invalid_proof' } };
        }
        let payload: Record<string, unknown>;
        try {
          ({ payload } = await jwtVerify(proof, await importJWK(header.jwk, header.alg), {
            audience: issuerId(spec.slug),
            currentDate: now(),
          }));
        } catch {
          return { status: 400, body: { error: 'invalid_proof' } };
        }
        if (session.tamper === 'stale_nonce' || !nonces.delete(String(payload.nonce))) {
          return { status: 400, body: { error: 'invalid_nonce' } };
        }
        if (session.tamper === 'deferred') {
          const transactionId = randomBytes(12).toString('hex');
          deferred.set(transactionId, { spec, jwk: header.jwk as JWK, token: session });
          return { status: 202, body: { transaction_id: transactionId, interval: 5 } };
        }
        const credential = await issueCredential(spec, header.jwk as JWK, session.tamper);
        issued.push(typeof credential === 'string' ? credential : JSON.stringify(credential));
        const answered = [{ credential }];
        if (session.tamper === 'two' || session.tamper === 'two_different') {
          // OpenID4VCI 1.0 8.3: several credentials in one answer, one notification_id.
          const second = await issueCredential(
            spec,
            header.jwk as JWK,
            session.tamper === 'two' ? 'none' : 'other_claims',
          );
          issued.push(typeof second === 'string' ? second : JSON.stringify(second));
          answered.push({ credential: second });
        }
        return {
          status: 200,
          body: { credentials: answered, notification_id: `note-${issued.length}` },
        };
      }
      case 'deferred': {
        // OpenID4VCI 1.0 section 9: 202 while not ready, then the credential, once.
        const session = tokens.get((auth ?? '').replace(/^Bearer /, ''));
        const transactionId = String(
          (JSON.parse(body) as { transaction_id?: unknown }).transaction_id,
        );
        const waiting = deferred.get(transactionId);
        if (!session || !waiting || waiting.token !== session) {
          return { status: 400, body: { error: 'invalid_transaction_id' } };
        }
        if (!deferredReady)
          return { status: 202, body: { transaction_id: transactionId, interval: 5 } };
        deferred.delete(transactionId);
        const credential = await issueCredential(waiting.spec, waiting.jwk, 'none');
        issued.push(typeof credential === 'string' ? credential : JSON.stringify(credential));
        return {
          status: 200,
          body: { credentials: [{ credential }], notification_id: `note-${issued.length}` },
        };
      }
      case 'notification':
        if (!tokens.has((auth ?? '').replace(/^Bearer /, ''))) return { status: 401 };
        notifications.push({ slug: spec.slug, body: JSON.parse(body) });
        return { status: 204 };
    }
    return { status: 404 };
  }

  /** A new offer of issuer `slug`: its link by value (default) or by reference. */
  function makeOffer(
    slug: OutsideSlug,
    options: { txCode?: string; byUri?: boolean; expiresAt?: number } = {},
  ): { link: string; code: string } {
    serial += 1;
    const code = `code-${serial}-${randomBytes(8).toString('hex')}`;
    grants.set(code, { slug, txCode: options.txCode, used: false });
    const offer = {
      credential_issuer: issuerId(slug),
      credential_configuration_ids: [SPECS[slug].configurationId],
      grants: {
        'urn:ietf:params:oauth:grant-type:pre-authorized_code': {
          'pre-authorized_code': code,
          ...(options.txCode
            ? {
                tx_code: {
                  length: options.txCode.length,
                  input_mode: 'numeric',
                  description: 'Sent by SMS',
                },
              }
            : {}),
        },
      },
      // The `expires_at` extension (seconds since the epoch) some issuers add.
      ...(options.expiresAt === undefined ? {} : { expires_at: options.expiresAt }),
    };
    if (options.byUri) {
      const path = `/offers/${serial}`;
      offersByUri.set(path, offer);
      offerPathOfCode.set(code, path);
      return {
        link: `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(`${origin}${path}`)}`,
        code,
      };
    }
    return {
      link: `openid-credential-offer://?credential_offer=${encodeURIComponent(JSON.stringify(offer))}`,
      code,
    };
  }

  /** A new offer with only the authorization code grant (see the module docs). */
  function makeAuthorizationOffer(slug: 'library' | 'uidai'): {
    link: string;
    issuerState: string;
  } {
    const issuerState = `is-${randomBytes(12).toString('hex')}`;
    issuerStates.set(issuerState, slug);
    const offer = {
      credential_issuer: issuerId(slug),
      credential_configuration_ids: [SPECS[slug].configurationId],
      grants: { authorization_code: { issuer_state: issuerState } },
    };
    return {
      link: `openid-credential-offer://?credential_offer=${encodeURIComponent(JSON.stringify(offer))}`,
      issuerState,
    };
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://outside.invalid');
      handle(
        req.method ?? 'GET',
        url.pathname,
        Buffer.concat(chunks).toString('utf8'),
        req.headers.authorization,
        url.searchParams,
        req.headers.accept,
      )
        .then((reply) => {
          if ('location' in reply) {
            res.writeHead(302, { location: reply.location }).end();
            return;
          }
          const { status, body, jwt } = reply;
          if (jwt !== undefined)
            res.writeHead(status, { 'content-type': 'application/jwt' }).end(jwt);
          else if (body === undefined) res.writeHead(status).end();
          else
            res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        })
        .catch(() => res.writeHead(500).end());
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    get origin() {
      return origin;
    },
    issuerId,
    makeOffer,
    endOffer(code: string) {
      const grant = grants.get(code);
      if (grant) grant.used = true;
      const path = offerPathOfCode.get(code);
      if (path) endedOfferPaths.add(path);
    },
    grants,
    notifications,
    issued,
    setTamper(mode: Tamper) {
      tamper = mode;
    },
    setExtraMembers(slug: OutsideSlug, members: Record<string, unknown> | undefined) {
      if (members) extraMembers.set(slug, members);
      else extraMembers.delete(slug);
    },
    keysOf(slug: OutsideSlug) {
      return { privateKey: SPECS[slug].keys.privateKey, publicJwk: SPECS[slug].keys.publicJwk };
    },
    setDeferredReady(ready: boolean) {
      deferredReady = ready;
    },
    setSignedMetadata(mode: SignedMetadataMode) {
      signedMetadata = mode;
    },
    metadataKey: METADATA_KEY.publicJwk,
    makeAuthorizationOffer,
    setClient(clientId: string, redirectUri: string) {
      client = { clientId, redirectUri };
    },
    setPar(mode: 'off' | 'offered' | 'required') {
      par = mode;
    },
    setAuthorizationProfile(next: 'details' | 'scope' | 'no_endpoint') {
      profile = next;
    },
    denyNext() {
      deny = true;
    },
    authorizationRequests,
    pushedRequests,
    codeTokenRequests,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
