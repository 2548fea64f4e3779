import type { CredentialRecord } from '@pehchaan/core';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import type { Formatter } from '@/lib/preferences';
import { credential } from '@/testing/fixtures';
import { credentialPdfContent, printedQrFields, statusAtDownload } from './credential-pdf-content';

const t = i18n.getFixedT('en', 'credentials') as TFunction<'credentials'>;
const iso = (value: string | number | Date) => new Date(value).toISOString();
/** Dates as ISO days and date-times as ISO instants, so the tests read what was formatted. */
const format = {
  date: (value: string | number | Date) => iso(value).slice(0, 10),
  dateTime: (value: string | number | Date) => iso(value).slice(0, 16),
  number: (value: number) => String(value),
} as unknown as Formatter;
const NOW = Date.parse('2026-12-07T05:00:00Z');

const pan = credential('pan-1', {
  issuer: 'Income Tax Department',
  credential_subject: {
    id: 'did:key:z6MkHolder',
    name: 'Rajesh Kumar',
    document_type: 'PAN Card',
    pan_number: 'ABCPK1234K',
    father_name: 'Suresh Kumar',
  },
});

describe('statusAtDownload', () => {
  it("says the wallet's last check and its time when the record carries one", () => {
    const checked = {
      ...pan,
      status: { value: 'revoked', checked_at: '2026-12-07T04:30:00Z' },
    } as CredentialRecord;
    expect(statusAtDownload(checked, t, format, NOW)).toBe('Revoked (checked 2026-12-07T04:30)');
    const never = { ...pan, status: { value: 'unknown', checked_at: null } } as CredentialRecord;
    expect(statusAtDownload(never, t, format, NOW)).toBe('Status unknown');
  });

  it("falls back to SPEC 4's display status for a record without a status check", () => {
    // A copy stored before records carried a status.
    const { status: _none, ...bare } = pan;
    expect(statusAtDownload(bare as CredentialRecord, t, format, NOW)).toBe('Valid');
    const expired = { ...bare, expiration_date: '2026-01-01T00:00:00Z' } as CredentialRecord;
    expect(statusAtDownload(expired, t, format, NOW)).toBe('Expired');
  });
});

describe('printedQrFields', () => {
  it('leaves a masked identity number out of the code, and carries a revealed one in full', () => {
    expect(printedQrFields(['name', 'pan_number'], {})).toEqual({
      fields: ['name'],
      fullValues: [],
    });
    expect(printedQrFields(['name', 'pan_number'], { pan_number: 'ABCPK1234K' })).toEqual({
      fields: ['name', 'pan_number'],
      fullValues: ['pan_number'],
    });
  });
});

describe('credentialPdfContent', () => {
  const base = { t, language: 'en', format, now: NOW, revealed: {} };

  it('prints the ticked fields in order, the PAN masked, and the QR with its nonce', () => {
    const content = credentialPdfContent(pan, {
      ...base,
      fields: ['name', 'pan_number'],
      qr: {
        kind: 'presentation',
        presentation: {
          qr: 'PH1:ABC',
          qr_version: 9,
          nonce: 'K7Q2ZP',
          presented_at: '2026-12-07T05:00:00Z',
          expires_at: null,
          fields: ['name'],
        },
      },
    });
    expect(content.title).toBe('PAN Card');
    expect(content.issuer).toBe('Income Tax Department');
    expect(content.summary).toEqual([
      ['Issuer', 'Income Tax Department'],
      ['Holder', 'Rajesh Kumar'],
      // The fixture was never checked at its issuer (status { unknown, null }).
      ['Status at download', 'Status unknown'],
      ['Issued', '2025-01-01'],
      ['Valid until', '2099-01-01'],
    ]);
    expect(content.fields).toEqual([
      ['Name', 'Rajesh Kumar'],
      ['PAN Number', 'ABXXXXXX4K'],
    ]);
    expect(content.qr).toEqual({
      text: 'PH1:ABC',
      caption: expect.stringContaining('Scan offline QR'),
      nonceLabel: 'Code',
      nonce: 'K7Q2ZP',
      printedOn: 'Printed on 2026-12-07',
      carries: 'The QR code carries: Name',
    });
    expect(content.metadata).toEqual({
      title: 'PAN Card · Pehchaan',
      subject: 'PAN Card · Income Tax Department',
      language: 'en',
    });
  });

  it('prints a number revealed on the card in full; without a code it says why', () => {
    const content = credentialPdfContent(pan, {
      ...base,
      fields: ['pan_number'],
      revealed: { pan_number: 'ABCPK1234K' },
      qr: { kind: 'offline' },
    });
    expect(content.fields).toEqual([['PAN Number', 'ABCPK1234K']]);
    expect(content.qr).toEqual({
      unavailable:
        'You are offline, so this PDF has no new QR code. Download it again when online to add one a verifier can check.',
    });
  });

  it('names the issuer and the document in the UI language', () => {
    const content = credentialPdfContent(pan, {
      ...base,
      t: i18n.getFixedT('hi', 'credentials') as TFunction<'credentials'>,
      language: 'hi',
      fields: ['name'],
      qr: { kind: 'none' },
    });
    expect(content.title).toBe('पैन कार्ड');
    expect(content.issuer).toBe('आयकर विभाग');
    expect(content.summary[1]).toEqual(['धारक', 'Rajesh Kumar']);
    expect(content.metadata.language).toBe('hi');
  });
});
