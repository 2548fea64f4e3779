/** The consent ledger's domain: its moves, receipts (ISO/IEC TS 27560 with DPV), state and disclosure. */

export * from './consent-status';
export * from './disclosure';
export * from './lifecycle';
export * from './receipt';
export * from './receipt-trust';
export * from './transitions';
