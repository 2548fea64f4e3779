/** SPEC 9: the business dashboard's stat cards are computed from the sample customers. */
import { describe, expect, it } from 'vitest';
import {
  computeCustomerStats,
  countByConsent,
  countByScoreBand,
  countByStatus,
  percentOf,
} from './customer-stats';
import { type BusinessCustomer, SAMPLE_CUSTOMERS } from './customers';

function customer(overrides: Partial<BusinessCustomer>): BusinessCustomer {
  return {
    id: 'c',
    name: 'Test Customer',
    panId: 'ABXXXXXX4K',
    status: 'Verified',
    lastUpdated: '2025-01-01T10:00:00+05:30',
    dataScore: 80,
    riskLevel: 'Low',
    consentStatus: 'Active',
    ...overrides,
  };
}

describe('computeCustomerStats', () => {
  it('gives percent Verified, percent Moderate Quality Data, percent High risk and the rounded average score', () => {
    const stats = computeCustomerStats([
      customer({ status: 'Verified', dataScore: 90, riskLevel: 'Low' }),
      customer({ status: 'Moderate Quality Data', dataScore: 61, riskLevel: 'High' }),
      customer({ status: 'Pending', dataScore: 40, riskLevel: 'Medium' }),
    ]);
    expect(stats).toEqual({
      total: 3,
      verifiedCount: 1,
      verifiedPercent: 33,
      moderateCount: 1,
      moderatePercent: 33,
      highRiskCount: 1,
      highRiskPercent: 33,
      // (90 + 61 + 40) / 3 = 63.67
      averageScore: 64,
    });
  });

  it('rounds half up (71.5 -> 72) and percentages to whole numbers (2/3 -> 67)', () => {
    expect(
      computeCustomerStats([customer({ dataScore: 71 }), customer({ dataScore: 72 })]).averageScore,
    ).toBe(72);
    expect(percentOf(2, 3)).toBe(67);
  });

  it('gives zeros, not NaN, for no customers', () => {
    expect(computeCustomerStats([])).toMatchObject({
      total: 0,
      verifiedPercent: 0,
      moderatePercent: 0,
      highRiskPercent: 0,
      averageScore: 0,
    });
  });

  it('on the sample customers: 50% Verified, 30% Moderate Quality Data, 20% High risk, average 72', () => {
    expect(computeCustomerStats(SAMPLE_CUSTOMERS)).toMatchObject({
      total: 10,
      verifiedPercent: 50,
      moderatePercent: 30,
      highRiskPercent: 20,
      averageScore: 72,
    });
  });
});

describe('distribution counts', () => {
  it('counts the sample customers by status, score band and consent status', () => {
    expect(countByStatus(SAMPLE_CUSTOMERS)).toEqual({
      Verified: 5,
      'Moderate Quality Data': 3,
      Pending: 1,
      Flagged: 1,
    });
    expect(countByScoreBand(SAMPLE_CUSTOMERS)).toEqual({ high: 5, moderate: 3, atRisk: 2 });
    expect(countByConsent(SAMPLE_CUSTOMERS)).toEqual({
      Active: 6,
      Pending: 2,
      Revoked: 1,
      Expired: 1,
    });
  });
});

describe('sample customers (SPEC 3)', () => {
  it('have every field, a 0-100 score and a masked PAN', () => {
    expect(SAMPLE_CUSTOMERS).toHaveLength(10);
    for (const c of SAMPLE_CUSTOMERS) {
      expect(c.dataScore).toBeGreaterThanOrEqual(0);
      expect(c.dataScore).toBeLessThanOrEqual(100);
      expect(c.panId).toMatch(/^[A-Z]{2}X{6}\d[A-Z]$/);
      expect(Number.isNaN(Date.parse(c.lastUpdated))).toBe(false);
    }
    expect(new Set(SAMPLE_CUSTOMERS.map((c) => c.id)).size).toBe(10);
  });
});
