/**
 * The three demo accounts of DECISIONS 2 (SPEC 5 and 9) and the demo OTP.
 * Only these pairs are accepted while the real OTP service is disabled (SPEC 5).
 */
import { digitsOnly } from '../validation/rules';

/** The demo OTP for all three accounts (SPEC 9 `{secret}`). */
export const DEMO_OTP = '123456';

export interface DemoAccount {
  role: 'primary' | 'secondary' | 'test';
  /** 12 digits, no spaces. */
  aadhaarNumber: string;
  /** 10 digits. */
  phoneNumber: string;
  /** The sample user this account signs in as. */
  userId: string;
  /** SPEC 3: a demo user's name is 'Demo User'. */
  name: 'Demo User';
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'primary',
    aadhaarNumber: '234567890125',
    phoneNumber: '9876543210',
    userId: 'user-001',
    name: 'Demo User',
  },
  {
    role: 'secondary',
    aadhaarNumber: '345678901238',
    phoneNumber: '9123456780',
    userId: 'user-002',
    name: 'Demo User',
  },
  {
    role: 'test',
    aadhaarNumber: '456789012341',
    phoneNumber: '8765432109',
    userId: 'user-003',
    name: 'Demo User',
  },
];

/** The primary demo account, shown first by the banner and used by Test Demo Login. */
export const PRIMARY_DEMO_ACCOUNT: DemoAccount = DEMO_ACCOUNTS[0]!;

/** The demo account whose Aadhaar and phone both match (inputs are stripped to digits). */
export function findDemoAccount(aadhaar: string, phone: string): DemoAccount | undefined {
  const a = digitsOnly(aadhaar);
  const p = digitsOnly(phone);
  return DEMO_ACCOUNTS.find((acc) => acc.aadhaarNumber === a && acc.phoneNumber === p);
}

/** SPEC 5: a demo OTP send is accepted when the phone matches a demo entry. */
export function isDemoPhone(phone: string): boolean {
  const p = digitsOnly(phone);
  return DEMO_ACCOUNTS.some((acc) => acc.phoneNumber === p);
}
