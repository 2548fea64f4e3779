/**
 * The search dialog's matching (DECISIONS 6), pure so it is tested on its own: the holder's
 * credentials (by document type name and issuer), consent requests (requester and purpose),
 * activity entries (description) and the app's pages (name), grouped by kind in that order.
 *
 * A record matches when every word of the query occurs in its searched texts (case-insensitive,
 * accents and Devanagari combining marks kept). An empty query finds the pages only, so the
 * dialog opens with the places one can go.
 */
import type { ActivityLog, ConsentRequest, ConsentStatus, CredentialRecord } from '@pehchaan/core';
import { paths } from '@/config/paths';

export type SearchKind = 'credential' | 'consent_request' | 'activity_log' | 'page';

/** The order of the groups in the dialog. */
export const SEARCH_KINDS: readonly SearchKind[] = [
  'credential',
  'consent_request',
  'activity_log',
  'page',
];

export interface SearchPage {
  label: string;
  href: string;
}

export interface SearchResult {
  kind: SearchKind;
  /** Unique within the results. */
  key: string;
  title: string;
  /** A second line: issuer, purpose, or the log's time (ISO) for activity entries. */
  detail?: string;
  /** A consent request's status. */
  status?: ConsentStatus;
  /** Where choosing it goes (credentials /credentials, consent /consent, activity /logs). */
  href: string;
}

export interface SearchGroup {
  kind: SearchKind;
  results: SearchResult[];
}

export interface SearchSources {
  credentials: readonly CredentialRecord[];
  consentRequests: readonly ConsentRequest[];
  activityLogs: readonly ActivityLog[];
  pages: readonly SearchPage[];
  /**
   * The holder's texts in the UI language (docs/requirements.md D7.12): a document type's name, an issuer's, a
   * consent's organisation and purpose, an activity entry; each defaults to the stored (English)
   * text. Both the shown and the stored text are searched.
   */
  texts?: {
    document?: (name: string) => string;
    issuer?: (name: string) => string;
    organisation?: (requester: string) => string;
    purpose?: (request: ConsentRequest) => string;
    activity?: (log: ActivityLog) => string;
  };
}

/** At most this many holder records per group (the newest first for activity). */
export const SEARCH_GROUP_LIMIT = 5;

function normalise(text: string): string {
  return text.toLocaleLowerCase().replace(/\s+/g, ' ').trim();
}

/** The query's words; [] for a blank query. */
export function queryTerms(query: string): string[] {
  const text = normalise(query);
  return text ? text.split(' ') : [];
}

/** True when every term occurs in one of `texts`. */
export function matchesTerms(terms: readonly string[], texts: readonly string[]): boolean {
  const normalised = texts.map(normalise);
  return terms.every((term) => normalised.some((text) => text.includes(term)));
}

/**
 * The groups that have results, in SEARCH_KINDS order, each with at most `limit` results.
 * @param query what the holder typed.
 */
export function findSearchResults(
  query: string,
  sources: SearchSources,
  limit: number = SEARCH_GROUP_LIMIT,
): SearchGroup[] {
  const terms = queryTerms(query);
  const groups: Record<SearchKind, SearchResult[]> = {
    credential: [],
    consent_request: [],
    activity_log: [],
    page: [],
  };

  if (terms.length > 0) {
    const texts = sources.texts ?? {};
    for (const credential of sources.credentials) {
      const stored = credential.credential_subject.document_type;
      const name = texts.document?.(stored) ?? stored;
      const issuer = texts.issuer?.(credential.issuer) ?? credential.issuer;
      if (!matchesTerms(terms, [name, stored, issuer, credential.issuer])) continue;
      groups.credential.push({
        kind: 'credential',
        key: `credential:${credential.id}`,
        title: name,
        detail: issuer,
        href: paths.app.credentials.getHref(),
      });
    }
    for (const request of sources.consentRequests) {
      const purpose = texts.purpose?.(request) ?? request.purpose;
      const requester = texts.organisation?.(request.requester) ?? request.requester;
      if (!matchesTerms(terms, [requester, request.requester, purpose, request.purpose])) continue;
      groups.consent_request.push({
        kind: 'consent_request',
        key: `consent_request:${request.id}`,
        title: requester,
        detail: purpose,
        status: request.status,
        href: paths.app.consent.getHref(),
      });
    }
    const logs = [...sources.activityLogs].sort(
      (a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp),
    );
    for (const log of logs) {
      const text = texts.activity?.(log) ?? log.description;
      if (!matchesTerms(terms, [text, log.description])) continue;
      groups.activity_log.push({
        kind: 'activity_log',
        key: `activity_log:${log.id}`,
        title: text,
        detail: log.timestamp,
        href: paths.app.logs.getHref(),
      });
    }
  }
  for (const page of sources.pages) {
    if (terms.length > 0 && !matchesTerms(terms, [page.label])) continue;
    groups.page.push({
      kind: 'page',
      key: `page:${page.href}:${page.label}`,
      title: page.label,
      href: page.href,
    });
  }

  return SEARCH_KINDS.map((kind) => ({
    kind,
    // The app's pages are few: all that match are listed.
    results: kind === 'page' ? groups[kind] : groups[kind].slice(0, limit),
  })).filter((group) => group.results.length > 0);
}
