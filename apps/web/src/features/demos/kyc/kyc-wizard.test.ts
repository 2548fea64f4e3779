/** SPEC 4, 5 and 9: the KYC demo's input rules, button enablement and transitions. */
import { describe, expect, it } from 'vitest';
import {
  canContinueWithFields,
  canLeaveIdentityStep,
  canProceedWithCkyc,
  canVerifyAndProceed,
  INITIAL_KYC_STATE,
  isOtpFieldShown,
  KYC_STEP_COUNT,
  KYC_STEPS,
  type KycAction,
  type KycDemoState,
  kycReducer,
  normaliseCkyc,
  normaliseMobile,
  normaliseOtp,
  normalisePan,
} from './kyc-wizard';

function run(actions: KycAction[], from: KycDemoState = INITIAL_KYC_STATE): KycDemoState {
  return actions.reduce(kycReducer, from);
}

describe('steps (SPEC 2, 9)', () => {
  it('has six steps named Bank, Identity, Data, Request, Consent, Complete', () => {
    expect(KYC_STEP_COUNT).toBe(6);
    expect(KYC_STEPS).toEqual(['bank', 'identity', 'data', 'request', 'consent', 'complete']);
  });
});

describe('input rules (SPEC 5)', () => {
  it('CKYC keeps up to 14 characters', () => {
    expect(normaliseCkyc('12345678901234567')).toBe('12345678901234');
    expect(normaliseCkyc('5001 2345')).toBe('5001 2345');
  });

  it('PAN is upper-cased and keeps at most 10 characters', () => {
    expect(normalisePan('abcps1234k')).toBe('ABCPS1234K');
    expect(normalisePan('abcps1234kxyz')).toBe('ABCPS1234K');
  });

  it('mobile keeps digits only, at most 10', () => {
    expect(normaliseMobile('98765-43210 99')).toBe('9876543210');
    expect(normaliseMobile('abc')).toBe('');
  });

  it('OTP keeps digits only, at most 6', () => {
    expect(normaliseOtp('12a34 5678')).toBe('123456');
  });
});

describe('enablement (SPEC 5)', () => {
  it('Proceed on the CKYC path from 10 characters', () => {
    expect(canProceedWithCkyc('123456789')).toBe(false);
    expect(canProceedWithCkyc('1234567890')).toBe(true);
    expect(canProceedWithCkyc('12345678901234')).toBe(true);
  });

  it('the OTP field appears only when mobile has 10 digits and PAN 10 characters', () => {
    expect(isOtpFieldShown('ABCPS1234K', '987654321')).toBe(false);
    expect(isOtpFieldShown('ABCPS1234', '9876543210')).toBe(false);
    expect(isOtpFieldShown('ABCPS1234K', '9876543210')).toBe(true);
  });

  it('Verify & Proceed when PAN >= 10, mobile >= 10 and OTP >= 6; any OTP (no check)', () => {
    expect(canVerifyAndProceed('ABCPS1234K', '9876543210', '12345')).toBe(false);
    expect(canVerifyAndProceed('ABCPS1234', '9876543210', '123456')).toBe(false);
    expect(canVerifyAndProceed('ABCPS1234K', '987654321', '123456')).toBe(false);
    expect(canVerifyAndProceed('ABCPS1234K', '9876543210', '123456')).toBe(true);
    expect(canVerifyAndProceed('ABCPS1234K', '9876543210', '000000')).toBe(true);
  });

  it('the identity step needs an answer to "do you know your CKYC number"', () => {
    const filled = { ...INITIAL_KYC_STATE, step: 2 as const, ckycNumber: '50012345678901' };
    expect(canLeaveIdentityStep(filled)).toBe(false);
    expect(canLeaveIdentityStep({ ...filled, knowsCkyc: 'yes' })).toBe(true);
    expect(canLeaveIdentityStep({ ...filled, knowsCkyc: 'no' })).toBe(false);
  });

  it('data consent needs at least one field', () => {
    expect(canContinueWithFields([])).toBe(false);
    expect(canContinueWithFields(['phone'])).toBe(true);
  });
});

describe('transitions (SPEC 4)', () => {
  it('Manual KYC stays on step 1; Verify with Pehchaan goes to step 2', () => {
    const manual = run([{ type: 'chooseManual' }]);
    expect(manual.step).toBe(1);
    expect(manual.method).toBe('manual');
    const pehchaan = run([{ type: 'choosePehchaan' }]);
    expect(pehchaan).toMatchObject({ step: 2, method: 'pehchaan', knowsCkyc: null });
  });

  it('walks the PAN path to the completed step', () => {
    const done = run([
      { type: 'choosePehchaan' },
      { type: 'answerKnowsCkyc', answer: 'no' },
      { type: 'setPan', value: 'abcps1234k' },
      { type: 'setMobile', value: '9876543210' },
      { type: 'proceedIdentity' }, // no OTP yet: stays
      { type: 'setOtp', value: '123456' },
      { type: 'proceedIdentity' },
      { type: 'continueFields' }, // nothing selected: stays
      { type: 'toggleField', field: 'phone' },
      { type: 'toggleField', field: 'name' },
      { type: 'continueFields' },
      { type: 'continueRequest' },
      { type: 'continueInBrowser' },
    ]);
    expect(done).toMatchObject({ step: 6, pan: 'ABCPS1234K', shareFields: ['name', 'phone'] });
  });

  it('walks the CKYC path; Proceed is refused below 10 characters', () => {
    const short = run([
      { type: 'choosePehchaan' },
      { type: 'answerKnowsCkyc', answer: 'yes' },
      { type: 'setCkyc', value: '123456789' },
      { type: 'proceedIdentity' },
    ]);
    expect(short.step).toBe(2);
    expect(
      run([{ type: 'setCkyc', value: '1234567890' }, { type: 'proceedIdentity' }], short).step,
    ).toBe(3);
  });

  it('Back goes from step 3 to 2 and from 2 to 1, keeping what was typed', () => {
    const atData = run([
      { type: 'choosePehchaan' },
      { type: 'answerKnowsCkyc', answer: 'yes' },
      { type: 'setCkyc', value: '50012345678901' },
      { type: 'proceedIdentity' },
    ]);
    const atIdentity = kycReducer(atData, { type: 'back' });
    expect(atIdentity).toMatchObject({ step: 2, ckycNumber: '50012345678901', knowsCkyc: 'yes' });
    expect(kycReducer(atIdentity, { type: 'back' }).step).toBe(1);
  });

  it('toggling a field twice deselects it; fields stay in SPEC order', () => {
    const atData: KycDemoState = { ...INITIAL_KYC_STATE, step: 3 };
    const state = run(
      [
        { type: 'toggleField', field: 'address' },
        { type: 'toggleField', field: 'aadhaar' },
        { type: 'toggleField', field: 'name' },
        { type: 'toggleField', field: 'aadhaar' },
      ],
      atData,
    );
    expect(state.shareFields).toEqual(['name', 'address']);
  });

  it('steps ignore actions that are not theirs', () => {
    expect(run([{ type: 'continueInBrowser' }])).toBe(INITIAL_KYC_STATE);
    expect(run([{ type: 'back' }])).toBe(INITIAL_KYC_STATE);
    const done: KycDemoState = { ...INITIAL_KYC_STATE, step: 6 };
    expect(kycReducer(done, { type: 'back' })).toBe(done);
  });

  it('Demo again resets everything to step 1', () => {
    const done: KycDemoState = {
      step: 6,
      method: 'pehchaan',
      knowsCkyc: 'no',
      ckycNumber: '',
      pan: 'ABCPS1234K',
      mobile: '9876543210',
      otp: '123456',
      shareFields: ['name'],
    };
    expect(kycReducer(done, { type: 'reset' })).toEqual(INITIAL_KYC_STATE);
  });
});
