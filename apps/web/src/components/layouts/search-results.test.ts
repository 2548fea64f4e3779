import type { ActivityLog, ConsentRequest } from '@pehchaan/core';
import { describe, expect, it } from 'vitest';
import { activity, consent, credential } from '@/testing/fixtures';
import { findSearchResults, matchesTerms, queryTerms, type SearchSources } from './search-results';

const airtel: ConsentRequest = {
  ...consent('r-telecom', 'rejected'),
  requester: 'Bharti Airtel',
  purpose: 'SIM card KYC verification',
};
const older: ActivityLog = {
  ...activity('l-old', 'credential_shared', 30),
  description: 'Shared PAN Card credential',
};
const newer: ActivityLog = {
  ...activity('l-new', 'credential_copied', 1),
  description: 'Copied PAN Card credential',
};

const SOURCES: SearchSources = {
  credentials: [
    credential('pan-1', { issuer: 'Income Tax Department' }),
    credential('voter-1', {
      issuer: 'Election Commission of India',
      credential_subject: { id: 'did:x', name: 'R', document_type: 'Voter ID Card' },
    }),
  ],
  consentRequests: [consent('r-bank', 'pending'), airtel],
  activityLogs: [older, newer],
  pages: [
    { label: 'Dashboard', href: '/dashboard' },
    { label: 'Consent', href: '/consent' },
    { label: 'Privacy Policy', href: '/privacy' },
  ],
};

const titles = (query: string) =>
  findSearchResults(query, SOURCES).map((g) => [g.kind, g.results.map((r) => r.title)]);

describe('queryTerms / matchesTerms', () => {
  it('splits on whitespace, lower-cased; blank gives none', () => {
    expect(queryTerms('  State   BANK ')).toEqual(['state', 'bank']);
    expect(queryTerms('   ')).toEqual([]);
  });

  it('needs every term, each in one of the texts', () => {
    expect(matchesTerms(['bank', 'savings'], ['State Bank of India', 'Open savings account'])).toBe(
      true,
    );
    expect(matchesTerms(['bank', 'sim'], ['State Bank of India', 'Open savings account'])).toBe(
      false,
    );
  });
});

describe('findSearchResults (DECISIONS 6)', () => {
  it('finds credentials by document type name and by issuer', () => {
    expect(titles('voter')).toEqual([['credential', ['Voter ID Card']]]);
    expect(titles('income tax')).toEqual([['credential', ['PAN Card']]]);
    const [group] = findSearchResults('voter', SOURCES);
    expect(group?.results[0]).toMatchObject({
      href: '/credentials',
      detail: 'Election Commission of India',
    });
  });

  it('finds consent requests by requester and by purpose, with their status', () => {
    expect(titles('airtel')).toEqual([['consent_request', ['Bharti Airtel']]]);
    const [group] = findSearchResults('savings', SOURCES);
    expect(group?.results[0]).toMatchObject({
      kind: 'consent_request',
      title: 'State Bank of India',
      detail: 'Open savings account',
      status: 'pending',
      href: '/consent',
    });
  });

  it('finds activity entries by description, newest first, going to /logs', () => {
    expect(titles('pan card credential')).toEqual([
      ['activity_log', ['Copied PAN Card credential', 'Shared PAN Card credential']],
    ]);
    const [group] = findSearchResults('shared', SOURCES);
    expect(group?.results[0]?.href).toBe('/logs');
  });

  it('groups kinds in order: credentials, consent, activity, pages', () => {
    expect(findSearchResults('pan', SOURCES).map((g) => g.kind)).toEqual([
      'credential',
      'activity_log',
    ]);
    expect(findSearchResults('consent', SOURCES).map((g) => g.kind)).toEqual(['page']);
    expect(findSearchResults('i', SOURCES).map((g) => g.kind)).toEqual([
      'credential',
      'consent_request',
      'activity_log',
      'page',
    ]);
  });

  it('lists only the pages for an empty query, and nothing for no match', () => {
    expect(titles('')).toEqual([['page', ['Dashboard', 'Consent', 'Privacy Policy']]]);
    expect(findSearchResults('zzz', SOURCES)).toEqual([]);
  });

  it('keeps at most `limit` records per group, but every matching page', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({
      ...activity(`l${i}`, 'login', i),
      description: `Login ${i}`,
    }));
    const sources = { ...SOURCES, activityLogs: many };
    const [logs] = findSearchResults('login', sources, 3);
    expect(logs?.results.map((r) => r.title)).toEqual(['Login 0', 'Login 1', 'Login 2']);
    expect(findSearchResults('', SOURCES, 1)[0]?.results).toHaveLength(3);
  });
});
