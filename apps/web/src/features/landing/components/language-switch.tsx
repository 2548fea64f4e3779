/**
 * The landing page's English/Hindi toggle (SPEC 1; the footer lists every language): two buttons with `aria-pressed`, each named
 * in its own language (with a matching `lang`, so screen readers pronounce it right). Choosing
 * one calls `setLanguage`, which switches every text of the page, remembers the choice under
 * `language` and sets <html lang>.
 */
import { useTranslation } from 'react-i18next';
import { BUNDLED_LANGUAGES, isLanguage, setLanguage } from '@/lib/i18n';
import { endonymOf } from '@/lib/languages';
import { LANDING_NAMESPACE } from '../i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation(LANDING_NAMESPACE);
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 dark:border-slate-600 dark:bg-slate-900">
      <legend className="sr-only">{t('language.label')}</legend>
      {BUNDLED_LANGUAGES.map((language) => {
        const pressed = language === current;
        return (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={pressed}
            onClick={() => {
              if (!pressed) void setLanguage(language);
            }}
            className={`endonym min-w-20 rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${
              pressed
                ? 'bg-orange-700 text-white dark:bg-orange-400 dark:text-slate-950'
                : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
            }`}
          >
            {endonymOf(language)}
          </button>
        );
      })}
    </fieldset>
  );
}
