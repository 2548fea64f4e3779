/**
 * Dates as the screens show them: day, short month and year in the UI language's Indian locale
 * (en-IN or hi-IN), e.g. '1 Jan 2025'.
 */

/**
 * @param iso an ISO 8601 instant.
 * @param language the UI language ('en' or 'hi').
 * @returns the formatted date, or `iso` unchanged when it is not a date.
 */
export function formatDate(iso: string, language: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return dateFormatter(language === 'hi' ? 'hi-IN' : 'en-IN').format(ms);
}

/**
 * One formatter per locale: `toLocaleDateString` builds a new Intl.DateTimeFormat (locale data
 * lookup) on every call, which cost a low-end phone tens of milliseconds per date on the
 * screens that list many (docs/performance.md, /verify). Same output.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(locale: string): Intl.DateTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    formatters.set(locale, formatter);
  }
  return formatter;
}
