export * from './base45';
export * from './qr-codec';
export * from './qr-dictionary';
