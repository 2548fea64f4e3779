/**
 * The bank KYC demo's state and rules (SPEC 3 "KYC demo state", SPEC 4 "KYC demo flow", SPEC 5
 * "KYC demo", SPEC 9 "Wizard has 6 steps"). Pure: no React, no network, no storage.
 *
 * Steps: 1 Bank (choose method), 2 Identity (CKYC number, or PAN + mobile + OTP), 3 Data (fields
 * to share), 4 Request (consent request sent), 5 Consent (browser or app), 6 Complete.
 * Input rules: CKYC up to 14 characters, Proceed from 10; PAN upper-cased, max 10; mobile digits
 * only, max 10; OTP digits only, max 6, shown only when mobile has 10 digits and PAN 10
 * characters, never checked (SPEC 5: "no check of it is performed"); Verify & Proceed when PAN,
 * mobile and OTP have at least 10, 10 and 6 characters. No error message is ever shown (SPEC 5).
 */
import { digitsOnly, LIMITS } from '@pehchaan/core';

/** SPEC 2 and 9: the progress bar's six steps, in order (index + 1 = step number). */
export const KYC_STEPS = ['bank', 'identity', 'data', 'request', 'consent', 'complete'] as const;
export type KycStepName = (typeof KYC_STEPS)[number];
export type KycStep = 1 | 2 | 3 | 4 | 5 | 6;
export const KYC_STEP_COUNT = KYC_STEPS.length;

/** SPEC 3: the four selectable share fields. */
export const SHARE_FIELDS = ['name', 'aadhaar', 'phone', 'address'] as const;
export type ShareField = (typeof SHARE_FIELDS)[number];

/** SPEC 9: the time the completed summary reports, in minutes. */
export const KYC_TIME_TAKEN_MINUTES = 2;

/** SPEC 3: chosen method (manual or the product), null before a choice. */
export type KycMethod = 'manual' | 'pehchaan' | null;
/** SPEC 3: knows CKYC number: yes, no, unanswered (null). */
export type KnowsCkyc = 'yes' | 'no' | null;

export interface KycDemoState {
  step: KycStep;
  method: KycMethod;
  knowsCkyc: KnowsCkyc;
  ckycNumber: string;
  pan: string;
  mobile: string;
  otp: string;
  /** Selected share fields, always in SHARE_FIELDS order. */
  shareFields: ShareField[];
}

/**
 * The first state, also what 'Demo again' returns to. No share field is pre-selected: consent
 * must be an affirmative choice (DPDP), so the holder ticks each field.
 */
export const INITIAL_KYC_STATE: KycDemoState = {
  step: 1,
  method: null,
  knowsCkyc: null,
  ckycNumber: '',
  pan: '',
  mobile: '',
  otp: '',
  shareFields: [],
};

/** SPEC 5: the CKYC input keeps at most 14 characters. */
export function normaliseCkyc(input: string): string {
  return input.slice(0, LIMITS.ckycMaxLength);
}

/** SPEC 5: PAN is upper-cased and keeps at most 10 characters. */
export function normalisePan(input: string): string {
  return input.toUpperCase().slice(0, LIMITS.panLength);
}

/** SPEC 5: mobile keeps digits only, at most 10. */
export function normaliseMobile(input: string): string {
  return digitsOnly(input).slice(0, LIMITS.phoneDigits);
}

/** SPEC 5: OTP keeps digits only, at most 6. */
export function normaliseOtp(input: string): string {
  return digitsOnly(input).slice(0, LIMITS.otpDigits);
}

/** SPEC 5: Proceed (CKYC path) is enabled at 10 or more characters. */
export function canProceedWithCkyc(ckycNumber: string): boolean {
  return ckycNumber.length >= LIMITS.ckycMinToProceed;
}

/** SPEC 5: the OTP field appears only when mobile has 10 digits and PAN 10 characters. */
export function isOtpFieldShown(pan: string, mobile: string): boolean {
  return mobile.length === LIMITS.phoneDigits && pan.length === LIMITS.panLength;
}

/** SPEC 5: Verify & Proceed when PAN has at least 10, mobile at least 10 and OTP at least 6. */
export function canVerifyAndProceed(pan: string, mobile: string, otp: string): boolean {
  return (
    pan.length >= LIMITS.panLength &&
    mobile.length >= LIMITS.phoneDigits &&
    otp.length >= LIMITS.otpDigits
  );
}

/** Step 2 may go on: by the CKYC path or by the PAN path, whichever the holder answered. */
export function canLeaveIdentityStep(state: KycDemoState): boolean {
  if (state.knowsCkyc === 'yes') return canProceedWithCkyc(state.ckycNumber);
  if (state.knowsCkyc === 'no') return canVerifyAndProceed(state.pan, state.mobile, state.otp);
  return false;
}

/** SPEC 5: the data consent step needs at least one field selected. */
export function canContinueWithFields(fields: readonly ShareField[]): boolean {
  return fields.length >= 1;
}

export type KycAction =
  /** Step 1, Manual KYC: only the message (SPEC 8); stays on step 1. */
  | { type: 'chooseManual' }
  /** Step 1, Verify with Pehchaan: to step 2. */
  | { type: 'choosePehchaan' }
  | { type: 'answerKnowsCkyc'; answer: 'yes' | 'no' }
  | { type: 'setCkyc'; value: string }
  | { type: 'setPan'; value: string }
  | { type: 'setMobile'; value: string }
  | { type: 'setOtp'; value: string }
  /** Step 2 Proceed / Verify & Proceed: to step 3 when allowed. */
  | { type: 'proceedIdentity' }
  | { type: 'toggleField'; field: ShareField }
  /** Step 3 Continue: to step 4 when at least one field is selected. */
  | { type: 'continueFields' }
  /** Step 4 Continue: to step 5. */
  | { type: 'continueRequest' }
  /** Step 5 Continue in Browser: to step 6. */
  | { type: 'continueInBrowser' }
  /** Back: step 2 to 1, step 3 to 2. */
  | { type: 'back' }
  /** Demo again: everything back to INITIAL_KYC_STATE. */
  | { type: 'reset' };

/**
 * The wizard's transitions (SPEC 4). An action that its step does not allow (a disabled button,
 * or a step it does not belong to) leaves the state unchanged, so the rules hold even if a
 * button's `disabled` is bypassed.
 */
export function kycReducer(state: KycDemoState, action: KycAction): KycDemoState {
  switch (action.type) {
    case 'chooseManual':
      return state.step === 1 ? { ...state, method: 'manual' } : state;
    case 'choosePehchaan':
      return state.step === 1 ? { ...state, method: 'pehchaan', step: 2 } : state;
    case 'answerKnowsCkyc':
      return state.step === 2 ? { ...state, knowsCkyc: action.answer } : state;
    case 'setCkyc':
      return { ...state, ckycNumber: normaliseCkyc(action.value) };
    case 'setPan':
      return { ...state, pan: normalisePan(action.value) };
    case 'setMobile':
      return { ...state, mobile: normaliseMobile(action.value) };
    case 'setOtp':
      return { ...state, otp: normaliseOtp(action.value) };
    case 'proceedIdentity':
      return state.step === 2 && canLeaveIdentityStep(state) ? { ...state, step: 3 } : state;
    case 'toggleField': {
      if (state.step !== 3) return state;
      const selected = new Set(state.shareFields);
      if (selected.has(action.field)) selected.delete(action.field);
      else selected.add(action.field);
      return { ...state, shareFields: SHARE_FIELDS.filter((field) => selected.has(field)) };
    }
    case 'continueFields':
      return state.step === 3 && canContinueWithFields(state.shareFields)
        ? { ...state, step: 4 }
        : state;
    case 'continueRequest':
      return state.step === 4 ? { ...state, step: 5 } : state;
    case 'continueInBrowser':
      return state.step === 5 ? { ...state, step: 6 } : state;
    case 'back':
      return state.step === 2 || state.step === 3
        ? { ...state, step: (state.step - 1) as KycStep }
        : state;
    case 'reset':
      return INITIAL_KYC_STATE;
  }
}
