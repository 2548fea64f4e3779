/**
 * FAQ band (SPEC 1): what the product is, how secure the data is, whether it is a student project
 * (yes, at a university in India), and five more. Native <details>/<summary> disclosures: keyboard
 * and screen-reader support come with the element, and closed answers stay in the HTML for search.
 */
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '@/components/ui/icons';
import { LANDING_NAMESPACE } from '../i18n';
import { Section } from './section';

export const FAQ_KEYS = [
  'what',
  'security',
  'student',
  'consent',
  'offline',
  'documents',
  'free',
  'dpdp',
] as const;

export function FaqSection() {
  const { t } = useTranslation(LANDING_NAMESPACE);
  return (
    <Section id="faq" title={t('faq.title')}>
      <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {FAQ_KEYS.map((key) => (
          <details key={key} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-medium text-slate-900 hover:bg-slate-50 dark:text-white dark:hover:bg-slate-800/60 [&::-webkit-details-marker]:hidden">
              <span>{t(`faq.items.${key}.question`)}</span>
              <ChevronDownIcon className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 dark:text-slate-400" />
            </summary>
            <p className="px-5 pb-5 text-slate-700 dark:text-slate-300">
              {t(`faq.items.${key}.answer`)}
            </p>
          </details>
        ))}
      </div>
    </Section>
  );
}
