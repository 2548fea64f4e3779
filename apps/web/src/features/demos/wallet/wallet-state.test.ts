/**
 * The wallet demo's rules (SPEC 3, 4, 9): consent moves with their dates, identity sources
 * linking and unlinking, sharing toggles, uploads, badge colours and score bands; and the sample
 * data's shape (three tabs filled, SPEC 9 validity).
 */
import { describe, expect, it } from 'vitest';
import {
  SOURCE_NUMBERS,
  sampleConsents,
  sampleDocumentItems,
  sampleDocuments,
  sampleProfile,
} from './wallet-data';
import {
  addMonths,
  addUploadedDocument,
  approveConsent,
  consentsWithStatus,
  countByStatus,
  DATA_COMPLETENESS,
  linkDocument,
  markUploaded,
  rejectConsent,
  revokeConsent,
  scoreBand,
  sharingState,
  toggleSharing,
  unlinkDocument,
  verificationTone,
  type WalletConsent,
} from './wallet-state';

const NOW = new Date(2025, 0, 15, 10, 30);
const LATER = new Date(2025, 1, 2, 9, 0);

function find(consents: readonly WalletConsent[], id: string): WalletConsent {
  const consent = consents.find((c) => c.id === id);
  if (!consent) throw new Error(`no consent ${id}`);
  return consent;
}

describe('addMonths', () => {
  it('adds calendar months and keeps the time of day', () => {
    expect(addMonths(new Date(2025, 0, 15, 10, 30), 6)).toEqual(new Date(2025, 6, 15, 10, 30));
    expect(addMonths(new Date(2025, 10, 20), 1)).toEqual(new Date(2025, 11, 20));
    expect(addMonths(new Date(2025, 11, 20), 1)).toEqual(new Date(2026, 0, 20));
  });

  it('clamps a day the target month lacks to its last day', () => {
    expect(addMonths(new Date(2025, 7, 31), 6)).toEqual(new Date(2026, 1, 28));
    expect(addMonths(new Date(2023, 7, 31), 6)).toEqual(new Date(2024, 1, 29));
    expect(addMonths(new Date(2025, 0, 31), 1)).toEqual(new Date(2025, 1, 28));
  });
});

describe('sample data (SPEC 3, 9)', () => {
  const consents = sampleConsents(NOW);

  it('fills all three tabs: 3 pending, 2 approved, 1 declined', () => {
    expect(countByStatus(consents)).toEqual({ pending: 3, approved: 2, declined: 1 });
    expect(consentsWithStatus(consents, 'pending').map((c) => c.requester)).toEqual([
      'bank',
      'telecom',
      'insurer',
    ]);
  });

  it('pending requests are valid 1 month; approved ones expire 6 months after approval', () => {
    for (const consent of consents) {
      expect(consent.validUntil).toBe(addMonths(new Date(consent.requestDate), 1).toISOString());
      if (consent.status === 'approved') {
        expect(consent.expiresOn).toBe(addMonths(new Date(consent.approvedDate), 6).toISOString());
        expect(Date.parse(consent.approvedDate)).toBeLessThan(NOW.getTime());
      }
      expect(Date.parse(consent.requestDate)).toBeLessThan(NOW.getTime());
    }
  });

  it('the declined sample has a date and a reason', () => {
    const [declined] = consentsWithStatus(consents, 'declined');
    expect(declined?.declinedDate).toBeTruthy();
    expect(declined?.reason).toBe('tooManyFields');
  });

  it('has the five wallet documents, masked numbers only where linked', () => {
    const { documents, sharing } = sampleDocuments(NOW);
    expect(documents.map((d) => d.id)).toEqual([
      'aadhaar',
      'pan',
      'passport',
      'drivingLicense',
      'healthId',
    ]);
    for (const document of documents) {
      if (document.status === 'linked') {
        expect(document.number).toMatch(/X/);
        expect(sharing[document.id]).toBeTypeOf('boolean');
      } else {
        expect(document.number).toBeNull();
        expect(sharing[document.id]).toBeUndefined();
      }
    }
    expect(SOURCE_NUMBERS.aadhaar).toBe('XXXX XXXX 0125');
  });

  it('has the six sample document items of SPEC 3, uploaded or not_uploaded', () => {
    const items = sampleDocumentItems(NOW);
    expect(items.map((i) => i.id)).toEqual([
      'aadhaarXml',
      'panPdf',
      'utilityBill',
      'bankStatement',
      'incomeCertificate',
      'addressProof',
    ]);
    for (const item of items) {
      expect(['uploaded', 'not_uploaded']).toContain(item.status);
      expect(item.date === null).toBe(item.status === 'not_uploaded');
    }
  });

  it('the profile is Verified with a high data score and a masked CKYC number', () => {
    const profile = sampleProfile(NOW);
    expect(profile.verificationStatus).toBe('Verified');
    expect(scoreBand(profile.dataScore)).toBe('high');
    expect(profile.ckycNumber).toBe('XXXXXXXXXX8901');
  });

  it('has the completeness figures of SPEC 2', () => {
    expect(DATA_COMPLETENESS).toEqual([
      { key: 'identityVerification', percent: 95 },
      { key: 'documentUpload', percent: 75 },
      { key: 'addressVerification', percent: 90 },
    ]);
  });
});

describe('consent moves (SPEC 4 wallet demo)', () => {
  const consents = sampleConsents(NOW);

  it('Approve moves a pending request to Approved with approvedDate now and expiresOn + 6 months', () => {
    const next = approveConsent(consents, 'wc-bank', LATER);
    const approved = find(next, 'wc-bank');
    expect(approved).toMatchObject({
      status: 'approved',
      approvedDate: LATER.toISOString(),
      expiresOn: new Date(2025, 7, 2, 9, 0).toISOString(),
      requester: 'bank',
      fieldsRequested: ['name', 'aadhaar', 'phone', 'address'],
    });
    expect(countByStatus(next)).toEqual({ pending: 2, approved: 3, declined: 1 });
    // The just-approved item leads its tab.
    expect(consentsWithStatus(next, 'approved')[0]?.id).toBe('wc-bank');
    // The input is not changed.
    expect(find(consents, 'wc-bank').status).toBe('pending');
  });

  it('Reject moves a pending request to Declined with declinedDate now and no reason', () => {
    const next = rejectConsent(consents, 'wc-telecom', LATER);
    const declined = find(next, 'wc-telecom');
    expect(declined).toMatchObject({ status: 'declined', declinedDate: LATER.toISOString() });
    expect(declined).not.toHaveProperty('reason');
    expect(countByStatus(next)).toEqual({ pending: 2, approved: 2, declined: 2 });
    expect(consentsWithStatus(next, 'declined')[0]?.id).toBe('wc-telecom');
  });

  it("Revoke moves an approved consent to Declined, reason 'revoked', approval stamps dropped", () => {
    const approved = approveConsent(consents, 'wc-bank', NOW);
    const next = revokeConsent(approved, 'wc-bank', LATER);
    const revoked = find(next, 'wc-bank');
    expect(revoked).toMatchObject({
      status: 'declined',
      declinedDate: LATER.toISOString(),
      reason: 'revoked',
    });
    expect(revoked).not.toHaveProperty('approvedDate');
    expect(revoked).not.toHaveProperty('expiresOn');
    expect(countByStatus(next)).toEqual({ pending: 2, approved: 2, declined: 2 });
  });

  it('ignores moves from the wrong status and unknown ids', () => {
    expect(revokeConsent(consents, 'wc-bank', LATER)).toBe(consents);
    expect(approveConsent(consents, 'wc-lender', LATER)).toBe(consents);
    expect(rejectConsent(consents, 'wc-marketer', LATER)).toBe(consents);
    expect(approveConsent(consents, 'nope', LATER)).toBe(consents);
  });

  it('a tab can become empty', () => {
    let next: readonly WalletConsent[] = consents;
    for (const { id } of consentsWithStatus(consents, 'pending')) {
      next = approveConsent(next, id, LATER);
    }
    expect(countByStatus(next).pending).toBe(0);
    expect(consentsWithStatus(next, 'pending')).toEqual([]);
  });
});

describe('identity sources and sharing (SPEC 4)', () => {
  const state = sampleDocuments(NOW);

  it('toggling a linked document flips its sharing between enabled and private', () => {
    expect(sharingState(state.sharing, 'aadhaar')).toBe('enabled');
    const once = toggleSharing(state.documents, state.sharing, 'aadhaar');
    expect(sharingState(once, 'aadhaar')).toBe('private');
    const twice = toggleSharing(state.documents, once, 'aadhaar');
    expect(sharingState(twice, 'aadhaar')).toBe('enabled');
    expect(sharingState(toggleSharing(state.documents, state.sharing, 'pan'), 'pan')).toBe(
      'enabled',
    );
  });

  it('a document that is not linked has no sharing to toggle', () => {
    expect(toggleSharing(state.documents, state.sharing, 'passport')).toBe(state.sharing);
  });

  it('Link makes a source linked with its masked number, dated now, private at first', () => {
    const next = linkDocument(state, 'passport', SOURCE_NUMBERS.passport, LATER);
    expect(next.documents.find((d) => d.id === 'passport')).toEqual({
      id: 'passport',
      status: 'linked',
      number: 'KXXXXX67',
      lastUpdated: LATER.toISOString(),
    });
    expect(sharingState(next.sharing, 'passport')).toBe('private');
    expect(linkDocument(next, 'passport', 'other', LATER)).toBe(next);
  });

  it('turning the linked switch off unlinks: no number, no sharing flag', () => {
    const next = unlinkDocument(state, 'aadhaar', LATER);
    expect(next.documents.find((d) => d.id === 'aadhaar')).toMatchObject({
      status: 'not_linked',
      number: null,
      lastUpdated: LATER.toISOString(),
    });
    expect(next.sharing.aadhaar).toBeUndefined();
    expect(unlinkDocument(next, 'aadhaar', LATER)).toBe(next);
  });
});

describe('My Documents uploads', () => {
  const items = sampleDocumentItems(NOW);

  it('Upload marks a not-uploaded item uploaded now with the picked size', () => {
    const next = markUploaded(items, 'bankStatement', 2048, LATER);
    expect(next.find((i) => i.id === 'bankStatement')).toMatchObject({
      status: 'uploaded',
      date: LATER.toISOString(),
      size: 2048,
    });
    expect(markUploaded(items, 'nope', 1, LATER)).toBe(items);
  });

  it('Upload New adds an uploaded item named after the file, first', () => {
    const next = addUploadedDocument(items, { name: 'rent-agreement.pdf', size: 1000 }, LATER);
    expect(next).toHaveLength(7);
    expect(next[0]).toMatchObject({
      name: { file: 'rent-agreement.pdf' },
      status: 'uploaded',
      size: 1000,
    });
  });
});

describe('profile badges (SPEC 2, 9)', () => {
  it('verification badge: Verified green, Pending yellow, anything else grey', () => {
    expect(verificationTone('Verified')).toBe('green');
    expect(verificationTone('Pending')).toBe('yellow');
    expect(verificationTone('Rejected')).toBe('grey');
    expect(verificationTone('')).toBe('grey');
  });

  it('data score bands: 80+ high, 50-79 moderate, below 50 at risk', () => {
    expect(scoreBand(100)).toBe('high');
    expect(scoreBand(80)).toBe('high');
    expect(scoreBand(79)).toBe('moderate');
    expect(scoreBand(50)).toBe('moderate');
    expect(scoreBand(49)).toBe('atRisk');
  });
});
