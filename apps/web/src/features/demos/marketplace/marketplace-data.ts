/**
 * Sample data of the data marketplace mock-up (SPEC 3 "Data category", "Seller transaction",
 * "Dataset offer", "Market stats"; SPEC 9 figures). Amounts are in rupees. Names and texts are
 * translation keys of the `marketplaceDemo` namespace. Nothing is fetched: no marketplace exists.
 */

export const CATEGORY_IDS = [
  'healthcare',
  'financial',
  'location',
  'shopping',
  'professional',
  'entertainment',
] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

/** SPEC 4 demand levels, as translation keys (`demand.{level}`: Very High, High, Medium, Low). */
export const DEMAND_LEVELS = ['veryHigh', 'high', 'medium', 'low'] as const;
export type DemandLevel = (typeof DEMAND_LEVELS)[number];

/** SPEC 3 "Data category"; name and description are `categories.items.{id}.*`. */
export interface DataCategory {
  id: CategoryId;
  /** Average price paid per seller per month, rupees (SPEC 9). */
  avgPrice: number;
  /** What the sample seller has earned from this category, rupees. */
  userEarnings: number;
  demand: DemandLevel;
  /** Number of AI companies buying this category. */
  buyers: number;
}

/**
 * SPEC 9 prices and demand. The sample seller's per-category earnings add up to the seller's
 * total of 747.15 rupees.
 */
export const DATA_CATEGORIES: readonly DataCategory[] = [
  { id: 'healthcare', avgPrice: 15.5, userEarnings: 186.0, demand: 'high', buyers: 128 },
  { id: 'financial', avgPrice: 12.75, userEarnings: 245.5, demand: 'veryHigh', buyers: 156 },
  { id: 'location', avgPrice: 8.25, userEarnings: 98.25, demand: 'medium', buyers: 87 },
  { id: 'shopping', avgPrice: 6.8, userEarnings: 124.6, demand: 'high', buyers: 98 },
  { id: 'professional', avgPrice: 18.9, userEarnings: 72.8, demand: 'medium', buyers: 64 },
  { id: 'entertainment', avgPrice: 4.25, userEarnings: 20.0, demand: 'low', buyers: 45 },
];

/** SPEC 3 "Market stats" with the SPEC 9 figures (45.6M rupees paid; 36.48 per user a month). */
export const MARKET_STATS = {
  totalUsers: 1_250_000,
  totalCompanies: 450,
  totalTransactions: 89_500,
  totalEarnings: 45_600_000,
  avgEarningsPerUser: 36.48,
  topDataCategory: 'financial',
  growthRate: 23.5,
} as const satisfies {
  totalUsers: number;
  totalCompanies: number;
  totalTransactions: number;
  totalEarnings: number;
  avgEarningsPerUser: number;
  topDataCategory: CategoryId;
  growthRate: number;
};

/** SPEC 9 seller totals: 747.15 rupees overall, 43.30 this month, 12 active contracts. */
export const SELLER_TOTALS = {
  totalEarnings: 747.15,
  thisMonth: 43.3,
  activeContracts: 12,
} as const;

export const TRANSACTION_STATUSES = ['completed', 'pending', 'cancelled'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export type BuyerKey = 'arogya' | 'finsight' | 'margdarshak' | 'bazaar' | 'kaushal' | 'manoranjan';

/** SPEC 3 "Seller transaction". */
export interface SellerTransaction {
  id: string;
  /** `buyers.{key}`. */
  buyer: BuyerKey;
  category: CategoryId;
  /** Rupees. */
  amount: number;
  /** ISO 8601 instant. */
  date: string;
  status: TransactionStatus;
  /** Licence length in months. */
  duration: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Six recent sales, dated relative to `now`. The four completed ones add up to the 43.30 rupees
 * earned this month; one is pending and one cancelled (SPEC 4 statuses).
 */
export function sampleTransactions(now: Date): SellerTransaction[] {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  return [
    {
      id: 'tx-1',
      buyer: 'arogya',
      category: 'healthcare',
      amount: 15.5,
      date: ago(2),
      status: 'completed',
      duration: 12,
    },
    {
      id: 'tx-2',
      buyer: 'finsight',
      category: 'financial',
      amount: 12.75,
      date: ago(5),
      status: 'completed',
      duration: 6,
    },
    {
      id: 'tx-3',
      buyer: 'kaushal',
      category: 'professional',
      amount: 18.9,
      date: ago(8),
      status: 'pending',
      duration: 12,
    },
    {
      id: 'tx-4',
      buyer: 'margdarshak',
      category: 'location',
      amount: 8.25,
      date: ago(11),
      status: 'completed',
      duration: 3,
    },
    {
      id: 'tx-5',
      buyer: 'bazaar',
      category: 'shopping',
      amount: 6.8,
      date: ago(17),
      status: 'completed',
      duration: 6,
    },
    {
      id: 'tx-6',
      buyer: 'manoranjan',
      category: 'entertainment',
      amount: 4.25,
      date: ago(36),
      status: 'cancelled',
      duration: 1,
    },
  ];
}

/** SPEC 9 compliance tags. */
export type ComplianceTag = 'HIPAA' | 'GDPR' | 'PCI DSS' | 'CCPA';

export type DataPointKey =
  | 'stepCounts'
  | 'sleepPatterns'
  | 'heartRate'
  | 'spendingCategories'
  | 'monthlyBudgets'
  | 'paymentMethods'
  | 'commuteRoutes'
  | 'travelTimes'
  | 'transportModes';

/** SPEC 3 "Dataset offer"; title, data points and provider are translation keys. */
export interface DatasetOffer {
  id: string;
  /** `offers.items.{key}`. */
  title: 'health' | 'spending' | 'mobility';
  category: CategoryId;
  /** How many sellers' data the dataset holds. */
  users: number;
  /** Rupees for the whole licence. */
  price: number;
  /** Licence length in months. */
  duration: number;
  compliance: readonly ComplianceTag[];
  dataPoints: readonly DataPointKey[];
  /** `offers.providers.{key}`. */
  provider: 'coop';
  /** Out of 5. */
  rating: number;
}

/** SPEC 9: priced 4,50,000, 6,80,000 and 3,20,000 rupees for 12, 6 and 9 months. */
export const DATASET_OFFERS: readonly DatasetOffer[] = [
  {
    id: 'ds-health',
    title: 'health',
    category: 'healthcare',
    users: 25_000,
    price: 450_000,
    duration: 12,
    compliance: ['HIPAA', 'GDPR'],
    dataPoints: ['stepCounts', 'sleepPatterns', 'heartRate'],
    provider: 'coop',
    rating: 4.8,
  },
  {
    id: 'ds-spending',
    title: 'spending',
    category: 'financial',
    users: 50_000,
    price: 680_000,
    duration: 6,
    compliance: ['PCI DSS', 'GDPR'],
    dataPoints: ['spendingCategories', 'monthlyBudgets', 'paymentMethods'],
    provider: 'coop',
    rating: 4.6,
  },
  {
    id: 'ds-mobility',
    title: 'mobility',
    category: 'location',
    users: 35_000,
    price: 320_000,
    duration: 9,
    compliance: ['GDPR', 'CCPA'],
    dataPoints: ['commuteRoutes', 'travelTimes', 'transportModes'],
    provider: 'coop',
    rating: 4.5,
  },
];

/** Figures of the illustrative success stories (rupees a month; sellers). */
export const STORY_FIGURES = {
  teacher: { amount: 52.4 },
  driver: { amount: 41.75 },
  startup: { count: 25_000 },
} as const;
