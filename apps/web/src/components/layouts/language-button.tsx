/**
 * A one-button English/Hindi switch for the frames that have no site footer (the offline demos):
 * named in the language it switches to (its endonym, lib/languages.tsx, with a matching `lang`);
 * `setLanguage` remembers the choice and sets <html lang>.
 */
import { useTranslation } from 'react-i18next';
import { isLanguage, setLanguage } from '@/lib/i18n';
import { endonymOf } from '@/lib/languages';

export function LanguageButton() {
  const { i18n } = useTranslation();
  const next = isLanguage(i18n.language) && i18n.language === 'hi' ? 'en' : 'hi';
  return (
    <button
      type="button"
      lang={next}
      onClick={() => void setLanguage(next)}
      className="endonym rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      {endonymOf(next)}
    </button>
  );
}
