/**
 * Types of the part of @digitalbazaar/vc-bitstring-status-list 2.x (which ships none) the
 * checker and its tests use (W3C Bitstring Status List v1.0).
 */
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export class BitstringStatusList {
    constructor(options?: { length?: number; buffer?: Uint8Array });
    /** Number of entries (bits). */
    length: number;
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
    /** Multibase 'u' + base64url(GZIP(bits)). */
    encode(): Promise<string>;
  }
  export function createList(options: { length: number }): Promise<BitstringStatusList>;
  /** @throws when the list is not multibase 'u' base64url GZIP. */
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
}
