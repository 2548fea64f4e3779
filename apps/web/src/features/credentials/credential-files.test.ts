import { describe, expect, it } from 'vitest';
import { credential } from '@/testing/fixtures';
import { credentialFileName } from './credential-files';

describe('credential file names (issue 19)', () => {
  it('names the document type and issue date, not the credential id', () => {
    const pan = credential('cred-87c0ffee', {
      issuance_date: '2025-06-01T10:00:00.000Z',
      credential_subject: { id: 'did:x', name: 'R', document_type: 'PAN Card' },
    });
    expect(credentialFileName(pan, 'json')).toBe('pehchaan-pan-card-2025-06-01.json');
    expect(credentialFileName(pan, 'pdf')).toBe('pehchaan-pan-card-2025-06-01.pdf');
  });

  it('makes any type name file-safe and leaves out a date it cannot read', () => {
    const marksheet = credential('c', {
      issuance_date: 'unknown',
      credential_subject: { id: 'did:x', name: 'R', document_type: '10th Class Marksheet' },
    });
    expect(credentialFileName(marksheet, 'json')).toBe('pehchaan-10th-class-marksheet.json');
    const odd = credential('c', {
      issuance_date: 'unknown',
      credential_subject: { id: 'did:x', name: 'R', document_type: 'Ration / कार्ड' },
    });
    expect(credentialFileName(odd, 'pdf')).toBe('pehchaan-ration.pdf');
  });
});
