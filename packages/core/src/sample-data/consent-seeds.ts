/**
 * The three pending consent requests seeded for user-001 (SPEC 3 "Seeds"): a bank opening a
 * savings account, a telecom operator's SIM KYC and an insurer's policy verification. The
 * requesters are data fiduciaries asking the holder (data principal) for consent (DPDP Act).
 */

export interface ConsentRequestSeed {
  /** Stable id, so reseeding never duplicates a request. */
  id: string;
  userId: string;
  /** The data fiduciary asking. */
  requester: string;
  purpose: string;
  /** SPEC 3 field labels. */
  fields: string[];
  /** ISO 8601 timestamp. */
  requested_at: string;
}

const HOUR_MS = 3_600_000;

/**
 * The seeds as of `now`: requested 2, 5 and 26 hours before it.
 * @param userId the holder to seed for (SPEC: user-001).
 */
export function seedConsentRequests(now: Date, userId = 'user-001'): ConsentRequestSeed[] {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS).toISOString();
  return [
    {
      id: `consent-${userId}-bank`,
      userId,
      requester: 'State Bank of India',
      purpose: 'Open savings account',
      fields: ['Name', 'Aadhaar', 'Phone', 'Address', 'Date of Birth', 'PAN'],
      requested_at: at(2),
    },
    {
      id: `consent-${userId}-telecom`,
      userId,
      requester: 'Bharti Airtel',
      purpose: 'SIM card KYC verification',
      fields: ['Name', 'Aadhaar', 'Phone', 'Address'],
      requested_at: at(5),
    },
    {
      id: `consent-${userId}-insurer`,
      userId,
      requester: 'LIC of India',
      purpose: 'Insurance policy verification',
      fields: ['Name', 'Date of Birth', 'PAN', 'CKYC Number'],
      requested_at: at(26),
    },
  ];
}
