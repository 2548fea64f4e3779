/**
 * Types of @digitalbazaar/vc-bitstring-status-list 2.x (W3C Bitstring Status List v1.0), which
 * ships JavaScript only: the parts the product uses (createList, decodeList, createCredential and
 * the list).
 */
declare module '@digitalbazaar/vc-bitstring-status-list' {
  export class BitstringStatusList {
    constructor(options?: { length?: number; buffer?: Uint8Array });
    /** Entries (bits). */
    length: number;
    setStatus(index: number, status: boolean): void;
    getStatus(index: number): boolean;
    /** The `encodedList`: 'u' + base64url (no padding) of the GZIP-compressed bits. */
    encode(): Promise<string>;
    static decode(options: { encodedList: string }): Promise<BitstringStatusList>;
  }
  export function createList(options: { length: number }): Promise<BitstringStatusList>;
  export function decodeList(options: { encodedList: string }): Promise<BitstringStatusList>;
  /** The unsigned BitstringStatusListCredential (VCDM 2.0 context unless `context` is given). */
  export function createCredential(options: {
    id: string;
    list: BitstringStatusList;
    statusPurpose: string;
    context?: string[];
  }): Promise<{
    '@context': string[];
    id: string;
    type: string[];
    credentialSubject: {
      id: string;
      type: 'BitstringStatusList';
      encodedList: string;
      statusPurpose: string;
    };
  }>;
}
