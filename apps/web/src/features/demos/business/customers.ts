/**
 * The business portal's customers (SPEC 3 "Business customer", SPEC 4 "Business portal"): sample
 * data only, never loaded from or sent to a server (SPEC 7).
 *
 * Names and PANs are the ten sample holders of @pehchaan/core (user-001 to user-010), as the
 * bank's customers; the PAN is shown masked (`panId`, SPEC 3) with the product's own PAN masking.
 * Status, data score, risk and consent are this demo's own sample values.
 */
import { maskField, SAMPLE_USERS } from '@pehchaan/core';

/** SPEC 4: customer statuses, as shown (and filtered on). */
export const CUSTOMER_STATUSES = [
  'Verified',
  'Moderate Quality Data',
  'Pending',
  'Flagged',
] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** SPEC 4: consent statuses. */
export const CONSENT_STATUSES = ['Active', 'Pending', 'Revoked', 'Expired'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** SPEC 4: risk levels. */
export const RISK_LEVELS = ['Low', 'Medium', 'High'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export interface BusinessCustomer {
  id: string;
  name: string;
  /** The PAN, masked for display ("ABXXXXXX4K"). */
  panId: string;
  status: CustomerStatus;
  /** ISO 8601 instant. */
  lastUpdated: string;
  /** 0 to 100. */
  dataScore: number;
  riskLevel: RiskLevel;
  consentStatus: ConsentStatus;
}

type CustomerFacts = Omit<BusinessCustomer, 'id' | 'name' | 'panId'>;

/** Per sample user (same order as SAMPLE_USERS): this demo's values. */
const FACTS: readonly CustomerFacts[] = [
  {
    status: 'Verified',
    dataScore: 92,
    riskLevel: 'Low',
    consentStatus: 'Active',
    lastUpdated: '2025-01-14T10:30:00+05:30',
  },
  {
    status: 'Verified',
    dataScore: 88,
    riskLevel: 'Low',
    consentStatus: 'Active',
    lastUpdated: '2025-01-13T16:05:00+05:30',
  },
  {
    status: 'Moderate Quality Data',
    dataScore: 68,
    riskLevel: 'Medium',
    consentStatus: 'Active',
    lastUpdated: '2025-01-12T11:20:00+05:30',
  },
  {
    status: 'Verified',
    dataScore: 95,
    riskLevel: 'Low',
    consentStatus: 'Active',
    lastUpdated: '2025-01-12T09:45:00+05:30',
  },
  {
    status: 'Pending',
    dataScore: 45,
    riskLevel: 'Medium',
    consentStatus: 'Pending',
    lastUpdated: '2025-01-11T14:10:00+05:30',
  },
  {
    status: 'Moderate Quality Data',
    dataScore: 72,
    riskLevel: 'Medium',
    consentStatus: 'Expired',
    lastUpdated: '2025-01-10T12:00:00+05:30',
  },
  {
    status: 'Flagged',
    dataScore: 32,
    riskLevel: 'High',
    consentStatus: 'Revoked',
    lastUpdated: '2025-01-09T17:35:00+05:30',
  },
  {
    status: 'Verified',
    dataScore: 84,
    riskLevel: 'Low',
    consentStatus: 'Active',
    lastUpdated: '2025-01-08T10:15:00+05:30',
  },
  {
    status: 'Moderate Quality Data',
    dataScore: 58,
    riskLevel: 'High',
    consentStatus: 'Pending',
    lastUpdated: '2025-01-07T15:50:00+05:30',
  },
  {
    status: 'Verified',
    dataScore: 81,
    riskLevel: 'Low',
    consentStatus: 'Active',
    lastUpdated: '2025-01-06T13:25:00+05:30',
  },
];

/** The ten sample customers. */
export const SAMPLE_CUSTOMERS: readonly BusinessCustomer[] = SAMPLE_USERS.map((user, index) => ({
  id: `cust-${String(index + 1).padStart(3, '0')}`,
  name: user.name,
  panId: String(maskField('panId', user.panNumber)),
  ...FACTS[index % FACTS.length]!,
}));
