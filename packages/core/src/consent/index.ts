/** Consent receipts (ISO/IEC TS 27560 with DPV; issue 17). */

export * from './consent-status';
export * from './lifecycle';
export * from './receipt';
export * from './receipt-trust';
