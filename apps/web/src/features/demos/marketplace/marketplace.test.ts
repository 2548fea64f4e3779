/**
 * The marketplace mock-up's rules (SPEC 2, 4, 6, 9): rupee formatting with en-IN grouping, the
 * role switch's tab label, category search and demand filter, top four categories, the date
 * filter, CSV export, and the sample figures of SPEC 9.
 */
import { describe, expect, it } from 'vitest';
import en from '@/locales/en/marketplace-demo.json';
import {
  filterByPeriod,
  filterCategories,
  toCsv,
  topCategories,
  transactionsTabLabel,
} from './marketplace';
import {
  type CategoryId,
  DATA_CATEGORIES,
  DATASET_OFFERS,
  MARKET_STATS,
  SELLER_TOTALS,
  sampleTransactions,
} from './marketplace-data';

const textOf = (id: CategoryId) => en.categories.items[id];
const NOW = new Date(2025, 2, 31, 12, 0);

describe('sample figures (SPEC 9)', () => {
  it('market stats', () => {
    expect(MARKET_STATS).toMatchObject({
      totalUsers: 1_250_000,
      totalCompanies: 450,
      totalTransactions: 89_500,
      totalEarnings: 45_600_000,
      avgEarningsPerUser: 36.48,
      growthRate: 23.5,
    });
    // 45.6M rupees over 1.25M users is the 36.48 average.
    expect(MARKET_STATS.totalEarnings / MARKET_STATS.totalUsers).toBeCloseTo(36.48, 2);
  });

  it('category prices and demand', () => {
    expect(DATA_CATEGORIES.map((c) => [c.id, c.avgPrice, c.demand])).toEqual([
      ['healthcare', 15.5, 'high'],
      ['financial', 12.75, 'veryHigh'],
      ['location', 8.25, 'medium'],
      ['shopping', 6.8, 'high'],
      ['professional', 18.9, 'medium'],
      ['entertainment', 4.25, 'low'],
    ]);
  });

  it('seller totals; per-category earnings add up to the total, completed sales to this month', () => {
    expect(SELLER_TOTALS).toEqual({ totalEarnings: 747.15, thisMonth: 43.3, activeContracts: 12 });
    const sum = DATA_CATEGORIES.reduce((total, c) => total + c.userEarnings, 0);
    expect(sum).toBeCloseTo(747.15, 2);
    const completed = sampleTransactions(NOW)
      .filter((t) => t.status === 'completed')
      .reduce((total, t) => total + t.amount, 0);
    expect(completed).toBeCloseTo(43.3, 2);
  });

  it('transactions use the three statuses of SPEC 4', () => {
    const statuses = new Set(sampleTransactions(NOW).map((t) => t.status));
    expect([...statuses].sort()).toEqual(['cancelled', 'completed', 'pending']);
  });

  it('dataset offers: 4,50,000 / 6,80,000 / 3,20,000 rupees for 12, 6 and 9 months', () => {
    expect(DATASET_OFFERS.map((o) => [o.price, o.duration])).toEqual([
      [450_000, 12],
      [680_000, 6],
      [320_000, 9],
    ]);
    const tags = new Set(DATASET_OFFERS.flatMap((o) => o.compliance));
    expect([...tags].sort()).toEqual(['CCPA', 'GDPR', 'HIPAA', 'PCI DSS']);
  });
});

describe('role switch (SPEC 2, 6)', () => {
  it('the third tab is My Earnings for a seller and Purchases for a buyer', () => {
    expect(transactionsTabLabel('seller')).toBe('tabs.earnings');
    expect(transactionsTabLabel('buyer')).toBe('tabs.purchases');
    expect(en.tabs.earnings).toBe('My Earnings');
    expect(en.tabs.purchases).toBe('Purchases');
  });
});

describe('category search and filter', () => {
  const ids = (query: string, demand: Parameters<typeof filterCategories>[1]['demand'] = 'all') =>
    filterCategories(DATA_CATEGORIES, { query, demand }, textOf).map((c) => c.id);

  it('an empty search shows every category', () => {
    expect(ids('')).toHaveLength(6);
    expect(ids('   ')).toHaveLength(6);
  });

  it('matches the name or the description, case-insensitively', () => {
    expect(ids('HEALTH')).toEqual(['healthcare']);
    expect(ids('commute')).toEqual(['location']);
    expect(ids('data')).toHaveLength(6);
    expect(ids('crypto')).toEqual([]);
  });

  it('filters by demand level, together with the search', () => {
    expect(ids('', 'high')).toEqual(['healthcare', 'shopping']);
    expect(ids('', 'veryHigh')).toEqual(['financial']);
    expect(ids('shop', 'high')).toEqual(['shopping']);
    expect(ids('shop', 'low')).toEqual([]);
  });

  it('top four categories by buyers', () => {
    expect(topCategories(DATA_CATEGORIES).map((c) => c.id)).toEqual([
      'financial',
      'healthcare',
      'shopping',
      'location',
    ]);
  });
});

describe('date filter and CSV export', () => {
  const transactions = sampleTransactions(NOW);

  it('keeps the last 7 or 30 days, or all', () => {
    expect(filterByPeriod(transactions, 'all', NOW)).toHaveLength(6);
    expect(filterByPeriod(transactions, '7', NOW).map((t) => t.id)).toEqual(['tx-1', 'tx-2']);
    expect(filterByPeriod(transactions, '30', NOW)).toHaveLength(5);
  });

  it('writes RFC 4180 CSV', () => {
    expect(
      toCsv([
        ['Buyer', 'Amount'],
        ['A, B', 15.5],
        ['Say "hi"', 1],
      ]),
    ).toBe('Buyer,Amount\r\n"A, B",15.5\r\n"Say ""hi""",1\r\n');
  });
});
