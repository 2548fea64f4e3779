/** Record fixtures in the shapes of @pehchaan/core's schemas (SPEC 3). */
import type { ActivityLog, ConsentRequest, CredentialRecord, ShareRecord } from '@pehchaan/core';

const HOUR = 3_600_000;

export function credential(
  id: string,
  overrides: Partial<CredentialRecord> = {},
): CredentialRecord {
  return {
    id,
    userId: 'user-001',
    type: ['VerifiableCredential', 'PanCardCredential'],
    issuer: 'did:key:z6MkIssuer',
    issuance_date: '2025-01-01T00:00:00.000Z',
    expiration_date: '2099-01-01T00:00:00.000Z',
    credential_subject: { id: 'did:key:z6MkHolder', name: 'Rajesh', document_type: 'PAN Card' },
    proof: null,
    // Not checked at its issuer yet (a test sets a status check where it matters).
    status: { value: 'unknown', checked_at: null },
    ...overrides,
  };
}

export function consent(id: string, status: ConsentRequest['status']): ConsentRequest {
  return {
    id,
    userId: 'user-001',
    requester: 'State Bank of India',
    purpose: 'Open savings account',
    requested_at: '2025-01-01T00:00:00.000Z',
    status,
    fields: ['Name', 'Aadhaar'],
    status_updated_at: null,
    status_updated_by: null,
    last_viewed: null,
  };
}

export function activity(
  id: string,
  type: ActivityLog['type'],
  hoursAgo: number,
  now: number = Date.now(),
): ActivityLog {
  return {
    id,
    userId: 'user-001',
    type,
    description: `${type} entry`,
    timestamp: new Date(now - hoursAgo * HOUR).toISOString(),
    last_viewed: null,
  };
}

/** A share link of credential 'pan-1' (GET /user/{userId}/shares), active unless overridden. */
export function share(id: string, overrides: Partial<ShareRecord> = {}): ShareRecord {
  return {
    id,
    credential_id: 'pan-1',
    document_type: 'PAN Card',
    url: `http://localhost/verify/${id}`,
    fields: ['name', 'date_of_birth'],
    created_at: '2025-06-01T10:00:00.000Z',
    expires_at: '2099-06-08T10:00:00.000Z',
    max_views: null,
    views: 0,
    withdrawn_at: null,
    status: 'active',
    ...overrides,
  };
}

/** GET /api/verify/cred-1's answer: a PAN Card with `status` and `checks`. */
export function verificationAnswer(
  status: string,
  verified: boolean,
  checks = { signature: true, trusted_issuer: true, validity: true },
) {
  return {
    credential_id: 'cred-1',
    verified,
    status,
    checks,
    errors: verified ? [] : [`${status} problem`],
    credential: {
      id: 'cred-1',
      type: ['VerifiableCredential', 'PanCardCredential'],
      issuer: 'Income Tax Department',
      issuer_id: 'did:key:z6MkIssuer',
      issuance_date: '2025-01-01T00:00:00Z',
      expiration_date: '2030-01-01T00:00:00Z',
      document_type: 'PAN Card',
      credential_subject_masked: {
        id: 'did:pehchaan:user-001',
        name: 'Rajesh Kumar Sharma',
        document_type: 'PAN Card',
        pan_number: 'ABXXXXXX4K',
      },
    },
  };
}
