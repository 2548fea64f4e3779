/**
 * Dates as the screens show them: day, short month and year in the UI language's Indian locale
 * (en-IN or hi-IN, CLDR's medium date), e.g. '1 Jan 2025', '15 Sept 2025', '1 जन॰ 2025'.
 *
 * The month names are CLDR's abbreviated months for en-IN and hi-IN (what
 * `Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' })` gives;
 * format-date.test.ts checks every month against it). They are written out because the first
 * Intl date formatter of a page loads the locale's ICU data on the main thread: on a low-end
 * phone that was the longest task of the public /verify page (about 75 ms, 300 ms at
 * Lighthouse's 4x CPU; docs/performance.md).
 */

const MONTHS: Record<'en' | 'hi', readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  hi: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'],
};

/**
 * @param iso an ISO 8601 instant.
 * @param language the UI language ('en' or 'hi'; anything else is English).
 * @returns the date in the browser's time zone, e.g. '1 Jan 2025', or `iso` unchanged when it is
 *   not a date.
 */
export function formatDate(iso: string, language: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const date = new Date(ms);
  const month = MONTHS[language === 'hi' ? 'hi' : 'en'][date.getMonth()];
  return `${date.getDate()} ${month} ${date.getFullYear()}`;
}
