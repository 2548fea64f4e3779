/**
 * The route table of SPEC 2, one entry per screen: `path` is the router pattern, `getHref()` the
 * link to it. Every link and redirect in the app is built from here.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  features: { path: '/', getHref: () => '/#features' },
  login: { path: '/login', getHref: () => '/login' },
  /** Issue 17: check a consent receipt or credential by pasting or uploading its JSON. */
  verifyDocument: { path: '/verify', getHref: () => '/verify' },
  verify: {
    path: '/verify/:credentialId',
    getHref: (credentialId: string) => `/verify/${encodeURIComponent(credentialId)}`,
  },
  about: { path: '/about', getHref: () => '/about' },
  contact: { path: '/contact', getHref: () => '/contact' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  support: { path: '/support', getHref: () => '/support' },
  help: { path: '/help', getHref: () => '/help' },
  /** A verifier's OpenID4VP link: `query` is exactly the query of its openid4vp:// URL. */
  present: {
    path: '/present',
    getHref: (query = '') => (query ? `/present?${query}` : '/present'),
  },
  /**
   * An issuer's OpenID4VCI credential offer (DECISIONS 9): `query` is exactly the query of its
   * openid-credential-offer:// URL (the twin of /present).
   */
  receive: {
    path: '/receive',
    getHref: (query = '') => (query ? `/receive?${query}` : '/receive'),
  },
  /**
   * Where an issuer's authorization server sends the holder's browser back (OpenID4VCI 1.0
   * authorization code grant): the wallet's redirect_uri, `{origin}/oid4vci/callback`, with
   * `code` and `state` or `error`.
   */
  oid4vciCallback: {
    path: '/oid4vci/callback',
    getHref: (query = '') => (query ? `/oid4vci/callback?${query}` : '/oid4vci/callback'),
  },
  /** The verifier portal (issue 16): an organisation's officer asks holders for claims. */
  verifierPortal: { path: '/verifier', getHref: () => '/verifier' },
  kycDemo: { path: '/kyc-demo', getHref: () => '/kyc-demo' },
  businessDashboard: { path: '/business-dashboard', getHref: () => '/business-dashboard' },
  digitalWallet: { path: '/digital-wallet', getHref: () => '/digital-wallet' },
  longterm: { path: '/longterm', getHref: () => '/longterm' },
  app: {
    dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
    /** `offerId`: an issuer's offer received at /receive, opened on its review. */
    credentials: {
      path: '/credentials',
      getHref: (offerId?: string) =>
        offerId ? `/credentials?offer=${encodeURIComponent(offerId)}` : '/credentials',
    },
    consent: { path: '/consent', getHref: () => '/consent' },
    /** Issue 17: who has my data (DPDP Act s.11(1)(b)), reached from /consent. */
    whoHasMyData: {
      path: '/consent/who-has-my-data',
      getHref: () => '/consent/who-has-my-data',
    },
    logs: { path: '/logs', getHref: () => '/logs' },
    profile: { path: '/profile', getHref: () => '/profile' },
    settings: { path: '/settings', getHref: () => '/settings' },
  },
  /** The API's OpenAPI UI, served by apps/server (not a route of this app). */
  apiDocs: { path: '/docs', getHref: () => '/docs' },
} as const;
