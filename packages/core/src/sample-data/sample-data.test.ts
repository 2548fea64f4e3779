import { describe, expect, it } from 'vitest';
import { isValidAadhaar, PUBLISHED_DEMO_AADHAAR_NUMBERS } from '../validation/rules';
import { isVerhoeffValid } from '../validation/verhoeff';
import { seedConsentRequests } from './consent-seeds';
import { DEMO_ACCOUNTS, findDemoAccount, isDemoPhone } from './demo-accounts';
import { SAMPLE_USERS, sampleUserSchema } from './users';
import { VERIFIER_SEEDS } from './verifier-seeds';

describe('sample users', () => {
  it('are user-001 to user-010 with every SPEC 3 field in DECISIONS 2 formats', () => {
    expect(SAMPLE_USERS.map((u) => u.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `user-${String(i + 1).padStart(3, '0')}`),
    );
    for (const user of SAMPLE_USERS) expect(sampleUserSchema.parse(user)).toEqual(user);
  });

  it('have unique, well-formed Aadhaar numbers; all but the published demo ones pass Verhoeff', () => {
    const numbers = SAMPLE_USERS.map((u) => u.aadhaarId);
    expect(new Set(numbers).size).toBe(10);
    for (const n of numbers) {
      expect(isValidAadhaar(n), n).toBe(true);
      if (!PUBLISHED_DEMO_AADHAAR_NUMBERS.includes(n)) expect(isVerhoeffValid(n), n).toBe(true);
    }
  });
});

describe('demo accounts', () => {
  it('match their sample users', () => {
    for (const account of DEMO_ACCOUNTS) {
      const user = SAMPLE_USERS.find((u) => u.id === account.userId);
      expect(user?.aadhaarId).toBe(account.aadhaarNumber);
      expect(user?.phone).toBe(account.phoneNumber);
    }
  });

  it('are found by Aadhaar and phone together, with spaces stripped', () => {
    expect(findDemoAccount('2345 6789 0125', '9876543210')?.role).toBe('primary');
    expect(findDemoAccount('2345 6789 0125', '9123456780')).toBeUndefined();
    expect(isDemoPhone('8765432109')).toBe(true);
    expect(isDemoPhone('9000000000')).toBe(false);
  });
});

describe('consent seeds', () => {
  it('are three pending requests for user-001 from a bank, a telecom and an insurer', () => {
    const seeds = seedConsentRequests(new Date('2025-03-20T12:00:00Z'));
    expect(seeds).toHaveLength(3);
    expect(seeds.every((s) => s.userId === 'user-001')).toBe(true);
    expect(seeds.map((s) => s.purpose)).toEqual([
      'Open savings account',
      'SIM card KYC verification',
      'Insurance policy verification',
    ]);
    expect(new Set(seeds.map((s) => s.id)).size).toBe(3);
  });
});

describe('verifier seeds', () => {
  it('are the requesters of the seeded consent requests, with their purposes', () => {
    const requests = seedConsentRequests(new Date(), 'user-001');
    expect(VERIFIER_SEEDS.map((v) => [v.name, v.purposes[0]?.textEn])).toEqual(
      requests.map((r) => [r.requester, r.purpose]),
    );
  });

  it("back each seeded request with a query the purpose covers, every set's options defined", () => {
    const requests = seedConsentRequests(new Date(), 'user-001');
    for (const verifier of VERIFIER_SEEDS) {
      const purpose = verifier.purposes[0];
      const seed = purpose?.seededRequest;
      expect(
        requests.find((r) => r.id === `consent-user-001-${seed?.consentSeed}`)?.requester,
      ).toBe(verifier.name);
      for (const [type, claims] of Object.entries(seed?.credentials ?? {})) {
        const allowed = purpose?.claims[type as keyof typeof purpose.claims] ?? [];
        for (const claim of claims ?? []) {
          expect(allowed, `${type}.${claim.name}`).toContain(claim.name);
        }
      }
      const ids = Object.keys(seed?.credentials ?? {});
      for (const set of seed?.credentialSets ?? []) {
        for (const id of set.options.flat()) expect(ids).toContain(id);
      }
    }
  });

  it('let the holder leave out at least one field of each request: Phone wherever it is asked, PAN where the purpose does not need it', () => {
    const optionalOf = (code: string) =>
      Object.values(
        VERIFIER_SEEDS.flatMap((v) => v.purposes).find((p) => p.code === code)?.seededRequest
          ?.credentials ?? {},
      )
        .flat()
        .filter((claim) => !claim.required)
        .map((claim) => claim.name);
    expect(optionalOf('open_savings_account')).toEqual(['phone']);
    expect(optionalOf('sim_card_kyc')).toEqual(['phone']);
    expect(optionalOf('insurance_policy_verification')).toEqual(['pan_number']);
    for (const verifier of VERIFIER_SEEDS) {
      for (const [type, claims] of Object.entries(
        verifier.purposes[0]?.seededRequest?.credentials ?? {},
      )) {
        // A DCQL claim set cannot be empty: each credential keeps a required claim.
        expect(
          claims?.some((claim) => claim.required),
          `${verifier.name} ${type}`,
        ).toBe(true);
        // Phone is optional wherever it is asked.
        for (const claim of claims ?? []) {
          if (claim.name === 'phone') expect(claim.required).toBe(false);
        }
      }
    }
  });

  it('state why each purpose needs each of its claims, in English and Hindi', () => {
    for (const verifier of VERIFIER_SEEDS) {
      for (const purpose of verifier.purposes) {
        const claims = new Set(Object.values(purpose.claims).flat());
        expect(new Set(Object.keys(purpose.claimReasons))).toEqual(claims);
        for (const [claim, reason] of Object.entries(purpose.claimReasons)) {
          expect(reason.en.trim(), `${purpose.code}.${claim}`).not.toBe('');
          expect(reason.hi, `${purpose.code}.${claim}`).toMatch(/[\u0900-\u097F]/);
        }
      }
    }
  });
});
