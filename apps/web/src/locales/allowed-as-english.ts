/**
 * The texts that stay as English has them in a translation (locales.test.ts): names of the
 * product, organisations and services, codes and formats (PAN format, date formats, JSON), and
 * the language names in their own scripts. `everywhere` applies to every language; a language's
 * own list adds the words it shares with English (German "Name", French "Date"...).
 * Keys are namespace -> dotted keys, as in locales/<language>/<namespace>.json.
 */
type AllowList = Partial<Record<string, readonly string[]>>;

export const ALLOWED_AS_ENGLISH: { everywhere: AllowList } & Partial<Record<string, AllowList>> = {
  everywhere: {
    common: [
      'appName',
      'languages.en',
      'languages.es',
      'languages.fr',
      'languages.de',
      'languages.ja',
      'languages.ta',
      'languages.bn',
    ],
    auth: ['aadhaarPlaceholder'],
    consent: ['source.api', 'debugPanel.apiUrl'],
    credentials: ['source.api', 'debugPanel.apiUrl'],
    'kyc-demo': ['identityStep.panPlaceholder'],
    'business-demo': ['trend.change'],
    settings: [
      'options.dateFormat.DD/MM/YYYY',
      'options.dateFormat.MM/DD/YYYY',
      'options.dateFormat.YYYY-MM-DD',
      'options.exportFormat.json',
      'integrations.services.digilockerConnected.name',
      'integrations.services.umangConnected.name',
      'integrations.services.googleDriveConnected.name',
      'integrations.services.dropboxConnected.name',
    ],
  },
  es: {
    activity: ['demoBadge'],
    auth: ['demoBanner.aadhaar'],
    common: ['consentFields.Aadhaar', 'consentFields.PAN'],
    consent: ['debugPanel.no'],
    credentials: ['debugPanel.no'],
    dashboard: ['backend.no'],
    profile: ['identity.labels.aadhaar_number', 'identity.labels.pan_number'],
    settings: ['options.timezone.Asia/Kolkata', 'options.currency.EUR', 'account.aadhaar'],
  },
  fr: {
    auth: ['demoBanner.roles.test', 'demoBanner.aadhaar'],
    common: ['nav.contact', 'consentFields.Aadhaar', 'consentFields.PAN'],
    dashboard: ['backend.collections'],
    notifications: ['bell.open', 'search.groups.page'],
    profile: ['identity.labels.aadhaar_number', 'identity.labels.pan_number'],
    settings: [
      'sections.notifications.title',
      'fields.compressionEnabled.label',
      'options.sessionTimeout.15',
      'options.sessionTimeout.30',
      'options.profileVisibility.public',
      'options.timezone.America/New_York',
      'options.timezone.Asia/Tokyo',
      'options.currency.EUR',
      'account.aadhaar',
      'account.phone',
    ],
    verifier: ['type', 'check.signature'],
  },
  de: {
    activity: ['demoBadge'],
    auth: ['demoBanner.roles.test', 'demoBanner.aadhaar'],
    common: ['theme.system', 'consentFields.Name', 'consentFields.Aadhaar', 'consentFields.PAN'],
    consent: ['presentation.optional'],
    credentials: ['debug'],
    dashboard: ['system.online', 'system.offline'],
    profile: ['identity.labels.aadhaar_number', 'identity.labels.pan_number'],
    settings: [
      'options.theme.system',
      'options.language.hi',
      'options.language.ta',
      'options.timezone.America/New_York',
      'options.timezone.Europe/London',
      'options.currency.EUR',
      'account.name',
      'account.aadhaar',
    ],
    sync: ['serverSaid'],
    'verifier-portal': ['form.optional', 'request.statusLabel'],
  },
  ja: {
    common: ['consentFields.PAN'],
    profile: ['identity.labels.pan_number'],
  },
  bn: {
    dashboard: ['system.apiUrl'],
  },
};
