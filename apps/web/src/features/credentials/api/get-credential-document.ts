/**
 * Credentials screen (SPEC 2, api-contract "Credentials, signing and verification"): the signed
 * W3C document to download, and a received credential as its issuer issued it.
 */
import { type CredentialRecord, SD_JWT_VC_MEDIA_TYPE } from '@pehchaan/core';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { isLocalOnly } from './local-credentials';

const documentAnswerSchema = z.object({ verifiable_credential: z.record(z.string(), z.unknown()) });

/**
 * The signed W3C document to download (GET /user/{userId}/credentials/{id}/document); the screen
 * record itself when the API cannot give it (local-only credential, unreachable API).
 */
export async function getCredentialDocument(credential: CredentialRecord): Promise<unknown> {
  if (isLocalOnly(credential)) return credential;
  try {
    const answer = await api.get(
      `/user/${encodeURIComponent(credential.userId)}/credentials/${encodeURIComponent(credential.id)}/document`,
      { schema: documentAnswerSchema },
    );
    return answer.verifiable_credential;
  } catch {
    return credential;
  }
}

/** A received credential's file: its issued form and how to save it. */
export interface IssuedCredentialFile {
  /** 'sd-jwt': the compact SD-JWT as issued (text); 'json': a Data Integrity document. */
  extension: 'sd-jwt' | 'json';
  content: string;
  mediaType: string;
}

/**
 * The file of a credential received from an issuer over OpenID4VCI (`credential.received`),
 * exactly as the issuer issued it: an SD-JWT VC's compact form from GET
 * /user/{userId}/credentials/{id}/sd-jwt (`application/dc+sd-jwt`, byte for byte), or an ldp_vc
 * document from .../document as JSON. undefined for any other credential.
 * @throws {ApiError} when the API cannot give it (a pending credential: 409).
 */
export async function getIssuedCredentialFile(
  credential: CredentialRecord,
): Promise<IssuedCredentialFile | undefined> {
  const received = credential.received;
  if (!received) return undefined;
  const path = `/user/${encodeURIComponent(credential.userId)}/credentials/${encodeURIComponent(credential.id)}`;
  if (received.format === 'ldp_vc') {
    const answer = await api.get(`${path}/document`, { schema: documentAnswerSchema });
    return {
      extension: 'json',
      content: `${JSON.stringify(answer.verifiable_credential, null, 2)}\n`,
      mediaType: 'application/json',
    };
  }
  const text = await api.get<string>(`${path}/sd-jwt`, {
    as: 'text',
    accept: SD_JWT_VC_MEDIA_TYPE,
  });
  return { extension: 'sd-jwt', content: text, mediaType: SD_JWT_VC_MEDIA_TYPE };
}
