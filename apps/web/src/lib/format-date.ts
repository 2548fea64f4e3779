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
  return new Date(ms).toLocaleDateString(language === 'hi' ? 'hi-IN' : 'en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}
