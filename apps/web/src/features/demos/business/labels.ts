/**
 * Translation keys (namespace `businessDemo`) and colour tones of the portal's statuses, risk
 * levels, consent statuses and score bands (SPEC 4, 9). Every tone is shown with its text, never
 * alone.
 */
import type { ConsentStatus, CustomerStatus, RiskLevel } from './customers';
import type { ScoreBand } from './score-band';

export type Tone = 'green' | 'yellow' | 'red' | 'blue' | 'grey';

export const STATUS_LABELS = {
  Verified: { key: 'statuses.verified', tone: 'green' },
  'Moderate Quality Data': { key: 'statuses.moderate', tone: 'yellow' },
  Pending: { key: 'statuses.pending', tone: 'blue' },
  Flagged: { key: 'statuses.flagged', tone: 'red' },
} as const satisfies Record<CustomerStatus, { key: `statuses.${string}`; tone: Tone }>;

export const RISK_LABELS = {
  Low: { key: 'risk.low', tone: 'green' },
  Medium: { key: 'risk.medium', tone: 'yellow' },
  High: { key: 'risk.high', tone: 'red' },
} as const satisfies Record<RiskLevel, { key: `risk.${string}`; tone: Tone }>;

export const CONSENT_LABELS = {
  Active: { key: 'consent.active', tone: 'green' },
  Pending: { key: 'consent.pending', tone: 'yellow' },
  Revoked: { key: 'consent.revoked', tone: 'red' },
  Expired: { key: 'consent.expired', tone: 'grey' },
} as const satisfies Record<ConsentStatus, { key: `consent.${string}`; tone: Tone }>;

/** SPEC 9: 80+ green (high quality), 50-79 yellow (moderate), below 50 red (at risk). */
export const BAND_LABELS = {
  high: { key: 'bands.high', tone: 'green' },
  moderate: { key: 'bands.moderate', tone: 'yellow' },
  atRisk: { key: 'bands.atRisk', tone: 'red' },
} as const satisfies Record<ScoreBand, { key: `bands.${string}`; tone: Tone }>;
