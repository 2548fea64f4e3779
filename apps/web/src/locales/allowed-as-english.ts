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
};
