/**
 * The rules of the data marketplace mock-up (SPEC 2 "Data marketplace mock-up", SPEC 4
 * "Marketplace mock-up", SPEC 6 roles): the role switch's effect on the third tab, category
 * search and demand filter, the top categories, the date filter and the CSV export. Pure
 * functions. Amounts (rupees, SPEC 9) and counts are written by the app's formatting module in
 * the holder's language and currency (lib/format.ts).
 */
import type { CategoryId, DataCategory, DemandLevel, SellerTransaction } from './marketplace-data';

/** SPEC 6: a view switch only. */
export const ROLES = ['seller', 'buyer'] as const;
export type MarketRole = (typeof ROLES)[number];

/** SPEC 4 tabs, in order. */
export const MARKET_TABS = ['overview', 'categories', 'transactions', 'analytics'] as const;
export type MarketTab = (typeof MARKET_TABS)[number];

/**
 * The third tab's label key: My Earnings for a seller, Purchases for a buyer (SPEC 2). The tab
 * itself (`transactions`) stays selected when the role changes.
 */
export function transactionsTabLabel(role: MarketRole): 'tabs.earnings' | 'tabs.purchases' {
  return role === 'seller' ? 'tabs.earnings' : 'tabs.purchases';
}

/**
 * Categories whose name or description (as shown, in the UI language, via `textOf`) contains
 * `query` (case-insensitive, trimmed; empty matches all) and whose demand is `demand` ('all':
 * any). Keeps the given order.
 */
export function filterCategories(
  categories: readonly DataCategory[],
  { query, demand }: { query: string; demand: DemandLevel | 'all' },
  textOf: (id: CategoryId) => { name: string; description: string },
): DataCategory[] {
  const needle = query.trim().toLocaleLowerCase();
  return categories.filter((category) => {
    if (demand !== 'all' && category.demand !== demand) return false;
    if (needle === '') return true;
    const { name, description } = textOf(category.id);
    return (
      name.toLocaleLowerCase().includes(needle) || description.toLocaleLowerCase().includes(needle)
    );
  });
}

/** The `count` categories with the most buyers, most first (Analytics: top four categories). */
export function topCategories(categories: readonly DataCategory[], count = 4): DataCategory[] {
  return [...categories].sort((a, b) => b.buyers - a.buyers).slice(0, count);
}

export const DATE_PERIODS = ['all', '7', '30'] as const;
export type DatePeriod = (typeof DATE_PERIODS)[number];

/** Transactions dated within the last `period` days before `now` ('all': every one). */
export function filterByPeriod(
  transactions: readonly SellerTransaction[],
  period: DatePeriod,
  now: Date,
): SellerTransaction[] {
  if (period === 'all') return [...transactions];
  const from = now.getTime() - Number(period) * 24 * 60 * 60 * 1000;
  return transactions.filter((t) => Date.parse(t.date) >= from);
}

/** RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  const field = (value: string | number) => {
    const text = String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}
