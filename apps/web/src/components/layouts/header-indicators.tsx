/**
 * What the header shows as new (SPEC 2): red dots on Credentials and Consent, and the bell's
 * Recent Updates. The header only displays this; the notification rules (SPEC 9: 5-minute window,
 * seen-state) are computed by the notifications feature, which provides a value here.
 */
import { createContext, type ReactNode, useContext } from 'react';

export interface NotificationItem {
  id: string;
  title: string;
  description?: string;
  /** ISO 8601. */
  timestamp?: string;
  /** Where clicking the entry goes. */
  href?: string;
}

export interface HeaderIndicators {
  notifications: readonly NotificationItem[];
  /** Red dot on Credentials. */
  hasNewCredentials: boolean;
  /** Red dot on Consent. */
  hasNewConsent: boolean;
  /** Stamps everything as seen (SPEC 4); the header toasts 'All notifications cleared'. */
  clearAll: () => void | Promise<void>;
}

const EMPTY: HeaderIndicators = {
  notifications: [],
  hasNewCredentials: false,
  hasNewConsent: false,
  clearAll: () => {},
};

const HeaderIndicatorsContext = createContext<HeaderIndicators>(EMPTY);

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

/** SPEC 2 and 9: the bell badge caps at '9+'. */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}
