/**
 * The status entries a credential carries, read without fetching anything:
 * - an SD-JWT VC's `status.status_list { idx, uri }` (IETF Token Status List, section 6.1
 *   "Referenced Token": `idx` a non-negative integer, `uri` the Status List Token's URL);
 * - a W3C VC's `credentialStatus` (object or array) entries of type `BitstringStatusListEntry`
 *   (W3C Bitstring Status List v1.0, section 2.1: `statusPurpose`, `statusListIndex` a decimal
 *   string, `statusListCredential` a URL, `statusSize` default 1).
 * Entries of other types, or malformed ones, are answered as an entry that can never be checked
 * (`uri` '' or index -1), so the checker says 'unknown' rather than ignoring a status it cannot
 * read (SPEC/issue "never valid" rule; docs/status-lists.md "Checking status").
 */

/** One place a credential's status is published. */
export type StatusEntry =
  | { kind: 'token'; uri: string; idx: number }
  | { kind: 'bitstring'; purpose: string; uri: string; index: number; size: number };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A URL the checker may fetch: http(s) only, else ''. */
function urlOrEmpty(value: unknown): string {
  return typeof value === 'string' && /^https?:\/\//.test(value) && URL.canParse(value)
    ? value
    : '';
}

/**
 * The Token Status List entry of an SD-JWT VC's issuer-signed payload (`status.status_list`),
 * none when the payload has no `status`. A `status` that is present but unreadable answers one
 * entry that cannot be checked (uri '' or idx -1).
 */
export function statusEntriesOfSdJwtPayload(payload: Record<string, unknown>): StatusEntry[] {
  const status = payload.status;
  if (status === undefined) return [];
  const list = isObject(status) ? status.status_list : undefined;
  if (isObject(status) && list === undefined) return []; // other status mechanisms: none we read
  if (!isObject(list)) return [{ kind: 'token', uri: '', idx: -1 }];
  const idx =
    Number.isSafeInteger(list.idx) && (list.idx as number) >= 0 ? (list.idx as number) : -1;
  return [{ kind: 'token', uri: urlOrEmpty(list.uri), idx }];
}

/**
 * The BitstringStatusListEntry entries of a W3C VC's `credentialStatus` (an object or an array),
 * none when it has none. Entries of other types are skipped (not status lists this product
 * reads); a malformed BitstringStatusListEntry answers an entry that cannot be checked.
 */
export function statusEntriesOfCredential(vc: Record<string, unknown>): StatusEntry[] {
  const status = vc.credentialStatus;
  if (status === undefined) return [];
  const all = Array.isArray(status) ? status : [status];
  const entries: StatusEntry[] = [];
  for (const entry of all) {
    if (!isObject(entry)) {
      entries.push({ kind: 'bitstring', purpose: '', uri: '', index: -1, size: 1 });
      continue;
    }
    const types = Array.isArray(entry.type) ? entry.type : [entry.type];
    if (!types.includes('BitstringStatusListEntry')) continue;
    const indexText = entry.statusListIndex;
    const index =
      typeof indexText === 'string' && /^(0|[1-9][0-9]{0,9})$/.test(indexText)
        ? Number(indexText)
        : -1;
    const size =
      entry.statusSize === undefined
        ? 1
        : Number.isSafeInteger(entry.statusSize) && (entry.statusSize as number) > 0
          ? (entry.statusSize as number)
          : -1;
    entries.push({
      kind: 'bitstring',
      purpose: typeof entry.statusPurpose === 'string' ? entry.statusPurpose : '',
      uri: urlOrEmpty(entry.statusListCredential),
      index,
      size,
    });
  }
  return entries;
}
