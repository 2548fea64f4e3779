/**
 * A software WebAuthn authenticator for the API suites: it answers registration and
 * authentication options the way a browser and a platform authenticator would (W3C WebAuthn
 * Level 3: clientDataJSON, authenticator data, 'none' attestation, ES256 signatures), so the
 * server's real checks (@simplewebauthn/server) run against it. The browser suites use Chromium's
 * own virtual authenticator instead (CDP WebAuthn.addVirtualAuthenticator).
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The flags byte of authenticator data: user present, user verified, attested data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;

  constructor(
    readonly origin = 'http://localhost:5000',
    readonly rpId = 'localhost',
    /** false: answers without user verification (a security key without a PIN). */
    readonly verifiesUser = true,
    readonly attachment: 'platform' | 'cross-platform' = 'platform',
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: String(jwk.x), y: String(jwk.y) };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private authData(attested: boolean): Buffer {
    this.counter += 1;
    const flags = UP | (this.verifiesUser ? UV : 0) | (attested ? AT : 0);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const parts: Uint8Array[] = [sha256(this.rpId), Buffer.from([flags]), count];
    if (attested) {
      const cose = new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(this.publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.publicJwk.y, 'base64url')],
      ]);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, isoCBOR.encode(cose));
    }
    return Buffer.concat(parts);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The RegistrationResponseJSON for `options` (PublicKeyCredentialCreationOptionsJSON). */
  register(options: Record<string, unknown>, origin = this.origin) {
    const challenge = String(options.challenge);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(true)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: this.attachment,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: this.attachment === 'platform' ? ['internal' as const] : ['usb' as const],
      },
    };
  }

  /** The AuthenticationResponseJSON for `options` (PublicKeyCredentialRequestOptionsJSON). */
  authenticate(options: Record<string, unknown>, origin = this.origin) {
    const challenge = String(options.challenge);
    const authenticatorData = this.authData(false);
    const clientDataJSON = this.clientData('webauthn.get', challenge, origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: this.attachment,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
    };
  }
}
