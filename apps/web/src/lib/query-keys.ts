/**
 * The query keys of the holder's resources (STYLE 13), in one place because several
 * modules ask for or invalidate the same resource: the features that own the fetchers, the
 * header's bell (notifications) and the outbox, which invalidates what a sync changed.
 *
 * Every key starts with the resource name and holds the user id, so one holder's cache never
 * answers another's, and `invalidateQueries({ queryKey: queryKeys.credentials(userId) })`
 * reaches exactly that holder's credentials.
 */
export const queryKeys = {
  credentials: (userId: string) => ['credentials', userId] as const,
  consentRequests: (userId: string) => ['consent-requests', userId] as const,
  activityLogs: (userId: string) => ['activity-logs', userId] as const,
  profile: (userId: string) => ['profile', userId] as const,
  settings: (userId: string) => ['settings', userId] as const,
  sessions: (userId: string) => ['sessions', userId] as const,
  /** GET /user/{userId}/passkeys, /password and /backups (Settings › Security, Data). */
  passkeys: (userId: string) => ['passkeys', userId] as const,
  password: (userId: string) => ['password', userId] as const,
  backups: (userId: string) => ['backups', userId] as const,
  /** GET /user/{userId}/recovery-codes: how many recovery codes are left (never the codes). */
  recoveryCodes: (userId: string) => ['recovery-codes', userId] as const,
  /** GET /user/{userId}/credential-offers/{offerId}: an issuer's offer as the holder reviews it. */
  credentialOffer: (userId: string, offerId: string) =>
    ['credential-offers', userId, offerId] as const,
  /** GET /user/{userId}/shares: the holder's share links. */
  shares: (userId: string) => ['shares', userId] as const,
  /** GET /user/{userId}/consent-receipts: the holder's consent receipts (issue 17). */
  consentReceipts: (userId: string) => ['consent-receipts', userId] as const,
  /** GET /user/{userId}/rights-requests: the holder's grievances and erasure requests. */
  rightsRequests: (userId: string) => ['rights-requests', userId] as const,
  /** GET /health: the API's own state, the same for every holder. */
  health: () => ['backend', 'health'] as const,
  /** GET /storage/status. */
  storageStatus: () => ['backend', 'storage-status'] as const,
  /** GET /vct: the credential types and their vct values, the same for everyone. */
  credentialTypes: () => ['credential-types'] as const,
  /**
   * The verifier portal's reads (GET /verifier/me, GET /verifier/requests/{id}), keyed by the
   * API key's public prefix ('pvk_' + 8 hex), never by the key itself.
   */
  verifierOrganisation: (keyPrefix: string) => ['verifier', keyPrefix, 'organisation'] as const,
  verifierRequest: (keyPrefix: string, requestId: string) =>
    ['verifier', keyPrefix, 'requests', requestId] as const,
  /** GET /verifier/requests?status=: the organisation's requests ('all' unfiltered), by page. */
  verifierRequests: (keyPrefix: string, status: string) =>
    ['verifier', keyPrefix, 'request-list', status] as const,
  /** GET /verifier/rights-requests: grievances and erasure requests sent to the organisation. */
  verifierRightsRequests: (keyPrefix: string) =>
    ['verifier', keyPrefix, 'rights-requests'] as const,
};
