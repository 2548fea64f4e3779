/**
 * The business dashboard's figures (SPEC 9): computed from the customers, never stored.
 * Percentages are whole numbers (Math.round of count / total * 100); the average data score is
 * rounded to a whole number. An empty list gives zeros, not NaN.
 */
import {
  type BusinessCustomer,
  CONSENT_STATUSES,
  type ConsentStatus,
  CUSTOMER_STATUSES,
  type CustomerStatus,
} from './customers';
import { SCORE_BANDS, type ScoreBand, scoreBand } from './score-band';

export interface CustomerStats {
  total: number;
  verifiedCount: number;
  /** Percent of customers whose status is Verified. */
  verifiedPercent: number;
  moderateCount: number;
  /** Percent of customers whose status is Moderate Quality Data. */
  moderatePercent: number;
  highRiskCount: number;
  /** Percent of customers whose risk level is High. */
  highRiskPercent: number;
  /** Rounded average data score (0 to 100). */
  averageScore: number;
}

/** Whole-number percentage of `count` in `total`; 0 when `total` is 0. */
export function percentOf(count: number, total: number): number {
  return total === 0 ? 0 : Math.round((count / total) * 100);
}

/** SPEC 9: percent Verified, percent Moderate Quality Data, percent High risk, average score. */
export function computeCustomerStats(customers: readonly BusinessCustomer[]): CustomerStats {
  const total = customers.length;
  const verifiedCount = customers.filter((c) => c.status === 'Verified').length;
  const moderateCount = customers.filter((c) => c.status === 'Moderate Quality Data').length;
  const highRiskCount = customers.filter((c) => c.riskLevel === 'High').length;
  const scoreSum = customers.reduce((sum, c) => sum + c.dataScore, 0);
  return {
    total,
    verifiedCount,
    verifiedPercent: percentOf(verifiedCount, total),
    moderateCount,
    moderatePercent: percentOf(moderateCount, total),
    highRiskCount,
    highRiskPercent: percentOf(highRiskCount, total),
    averageScore: total === 0 ? 0 : Math.round(scoreSum / total),
  };
}

/** How many customers have each status, in SPEC order. */
export function countByStatus(
  customers: readonly BusinessCustomer[],
): Record<CustomerStatus, number> {
  const counts = Object.fromEntries(CUSTOMER_STATUSES.map((s) => [s, 0])) as Record<
    CustomerStatus,
    number
  >;
  for (const customer of customers) counts[customer.status] += 1;
  return counts;
}

/** How many customers fall in each data score band (SPEC 9). */
export function countByScoreBand(
  customers: readonly BusinessCustomer[],
): Record<ScoreBand, number> {
  const counts = Object.fromEntries(SCORE_BANDS.map((b) => [b, 0])) as Record<ScoreBand, number>;
  for (const customer of customers) counts[scoreBand(customer.dataScore)] += 1;
  return counts;
}

/** How many customers have each consent status (SPEC 4). */
export function countByConsent(
  customers: readonly BusinessCustomer[],
): Record<ConsentStatus, number> {
  const counts = Object.fromEntries(CONSENT_STATUSES.map((s) => [s, 0])) as Record<
    ConsentStatus,
    number
  >;
  for (const customer of customers) counts[customer.consentStatus] += 1;
  return counts;
}
