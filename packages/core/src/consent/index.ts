/** Consent receipts (ISO/IEC TS 27560 with DPV; issue 17). */

export * from './choose-credentials';
export * from './lifecycle';
export * from './receipt';
export * from './transitions';
