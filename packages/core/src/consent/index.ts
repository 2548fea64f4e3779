/** Consent receipts (ISO/IEC TS 27560 with DPV; issue 17) and what an approval discloses. */

export * from './disclosure';
export * from './lifecycle';
export * from './receipt';
