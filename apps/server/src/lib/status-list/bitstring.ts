/**
 * Reads and verifies a W3C Bitstring Status List credential (W3C Bitstring Status List v1.0,
 * section 2.2 "BitstringStatusListCredential", 3.2 "Validate Algorithm"):
 * - a VCDM 2.0 credential typed BitstringStatusListCredential, its Data Integrity proof verified
 *   with core's verifyCredential (eddsa-jcs-2022, eddsa-rdfc-2022), its issuer the referenced
 *   credential's issuer and a did:key whose key made the proof (keys resolved offline only),
 *   `validFrom`/`validUntil` holding now;
 * - its `id`, when present, equal to the entry's statusListCredential URL, and
 *   credentialSubject { id: that URL or a fragment of it, type 'BitstringStatusList',
 *   statusPurpose (a string or array) including the entry's purpose, encodedList, ttl (ms) };
 * - `encodedList` (multibase 'u' base64url of GZIP-compressed bits, first bit the most
 *   significant of the first byte) decoded with @digitalbazaar/vc-bitstring-status-list's
 *   decodeList.
 * Answers the VerifiedList or the problem; never throws.
 */
import { gunzipSync } from 'node:zlib';
import { decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import {
  credentialIssuerId,
  isJsonObject,
  type ProofCrypto,
  verifyCredential,
} from '@pehchaan/core';
import { keepUntil, type ListProblem, MAX_LIST_BYTES, type VerifiedList } from './verified-list';

/** The media types a status list credential is asked for with. */
export const BITSTRING_ACCEPT = 'application/vc+ld+json, application/vc, application/json';

/**
 * Verifies the status list credential `text` fetched from `uri` for an entry of `purpose` in a
 * credential issued by `issuer`, at `now`.
 */
export async function verifyBitstringStatusList(
  text: string,
  expected: { uri: string; issuer: string; purpose: string; now: Date; crypto: ProofCrypto },
): Promise<VerifiedList | ListProblem> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { reason: 'The status list credential is not JSON.' };
  }
  if (!isJsonObject(document))
    return { reason: 'The status list credential is not a JSON object.' };
  const types = Array.isArray(document.type) ? document.type : [document.type];
  if (!types.includes('BitstringStatusListCredential')) {
    return { reason: 'The status list is not a BitstringStatusListCredential.' };
  }
  const issuer = credentialIssuerId(document) ?? '';
  if (issuer !== expected.issuer) {
    return { reason: "The status list's issuer is not the credential's issuer." };
  }
  if (!issuer.startsWith('did:key:')) {
    return { reason: "The status list's issuer key cannot be resolved offline (did:key only)." };
  }
  if (document.id !== undefined && document.id !== expected.uri) {
    return { reason: "The status list's id is not the address it was fetched from." };
  }
  const subject = document.credentialSubject;
  if (!isJsonObject(subject))
    return { reason: "The status list's credentialSubject cannot be read." };
  const subjectId = subject.id;
  if (
    subjectId !== undefined &&
    subjectId !== expected.uri &&
    !(typeof subjectId === 'string' && subjectId.startsWith(`${expected.uri}#`))
  ) {
    return { reason: "The status list's subject id is not the address it was fetched from." };
  }
  if (subject.type !== 'BitstringStatusList') {
    return { reason: "The status list's subject is not a BitstringStatusList." };
  }
  const purposes = (
    Array.isArray(subject.statusPurpose) ? subject.statusPurpose : [subject.statusPurpose]
  ).filter((p): p is string => typeof p === 'string');
  if (!purposes.includes(expected.purpose)) {
    return { reason: `The status list is not for the purpose ${expected.purpose}.` };
  }
  const verdict = await verifyCredential(document, {
    trustedIssuers: [issuer],
    now: expected.now,
    crypto: expected.crypto,
    checks: ['proof', 'validity'],
  });
  if (verdict.status === 'malformed') {
    return { reason: 'The status list credential is malformed.' };
  }
  if (!verdict.checks.signature) {
    return { reason: "The status list's proof is not the credential issuer's." };
  }
  if (!verdict.checks.validity) {
    return { reason: 'The status list credential is outside its validity period.' };
  }
  if (typeof subject.encodedList !== 'string') {
    return { reason: "The status list's encodedList cannot be read." };
  }
  let list: Awaited<ReturnType<typeof decodeList>>;
  try {
    // A compression bomb is refused before the library inflates it without a bound.
    const encoded = subject.encodedList;
    if (!encoded.startsWith('u')) throw new Error('not multibase base64url');
    gunzipSync(Buffer.from(encoded.slice(1), 'base64url'), { maxOutputLength: MAX_LIST_BYTES });
    list = await decodeList({ encodedList: subject.encodedList });
  } catch {
    return { reason: "The status list's encodedList cannot be decoded." };
  }
  const validUntil =
    typeof document.validUntil === 'string' ? Date.parse(document.validUntil) : Number.NaN;
  const ttl = typeof subject.ttl === 'number' && subject.ttl > 0 ? subject.ttl : undefined;
  const size = list.length;
  return {
    bits: 1,
    purposes,
    statusAt: (index) => (index >= 0 && index < size ? (list.getStatus(index) ? 1 : 0) : undefined),
    keepUntilMs: keepUntil(
      expected.now.getTime(),
      ttl,
      Number.isNaN(validUntil) ? undefined : validUntil,
    ),
  };
}
