/**
 * What the header shows as new and what its search looks through (SPEC 2, DECISIONS 6): the
 * bell's Recent Updates, red dots on Credentials and Consent, Clear All, and the holder's records
 * for the search dialog. The header only displays this; the notification rule (SPEC 4 and 9:
 * 5-minute window, seen-state) is core's `computeRecentUpdates`, run by the notifications feature,
 * which provides a value here (the app frame wraps the header in `HeaderIndicatorsProvider`).
 */
import type {
  ActivityLog,
  ConsentRequest,
  CredentialRecord,
  RecentUpdate,
  RecentUpdateKind,
} from '@pehchaan/core';
import { createContext, type ReactNode, useContext } from 'react';
import { paths } from '@/config/paths';

/** The holder's own records, as the screens show them. */
export interface HolderRecords {
  credentials: readonly CredentialRecord[];
  consentRequests: readonly ConsentRequest[];
  activityLogs: readonly ActivityLog[];
}

export interface HeaderIndicators {
  /** Recent Updates, newest first; the badge counts them (core's `badgeText`). */
  updates: readonly RecentUpdate[];
  /** Red dot on Credentials. */
  hasNewCredentials: boolean;
  /** Red dot on Consent. */
  hasNewConsent: boolean;
  /**
   * Stamps all three kinds as viewed (SPEC 4) and toasts 'All notifications cleared' (SPEC 8).
   * Never rejects.
   */
  clearAll: () => void | Promise<void>;
  /** What the search dialog finds (DECISIONS 6). */
  records: HolderRecords;
  /** Asks for fresh records now (the search dialog calls it when it opens). */
  refresh: () => void;
}

export const EMPTY_HOLDER_RECORDS: HolderRecords = {
  credentials: [],
  consentRequests: [],
  activityLogs: [],
};

/** Nothing new, nothing to search: the header of a visitor. */
export const NO_INDICATORS: HeaderIndicators = {
  updates: [],
  hasNewCredentials: false,
  hasNewConsent: false,
  clearAll: () => {},
  records: EMPTY_HOLDER_RECORDS,
  refresh: () => {},
};

const HeaderIndicatorsContext = createContext<HeaderIndicators>(NO_INDICATORS);

/** Supplies the header's indicators; without it, nothing is shown as new. */
export function HeaderIndicatorsProvider({
  value,
  children,
}: {
  value: HeaderIndicators;
  children: ReactNode;
}) {
  return (
    <HeaderIndicatorsContext.Provider value={value}>{children}</HeaderIndicatorsContext.Provider>
  );
}

export function useHeaderIndicators(): HeaderIndicators {
  return useContext(HeaderIndicatorsContext);
}

/** Where an update of each kind leads: its screen (SPEC 2). */
export function updateHref(kind: RecentUpdateKind): string {
  switch (kind) {
    case 'credential':
      return paths.app.credentials.getHref();
    case 'consent_request':
    case 'consent_expiring':
      return paths.app.consent.getHref();
    case 'activity_log':
      return paths.app.logs.getHref();
  }
}
