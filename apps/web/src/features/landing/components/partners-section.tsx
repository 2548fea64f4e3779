/**
 * Partners band (SPEC 1): the official bodies whose documents the pilot's credential types are
 * modelled on, and the W3C standard the credentials follow. Careful wording, since none of them is
 * a partner: the band says so. Every link opens the official site in a new tab with
 * rel="noopener noreferrer" and says so to screen readers.
 */
import { useTranslation } from 'react-i18next';
import { ExternalLinkIcon } from '@/components/ui/icons';
import { LANDING_NAMESPACE } from '../i18n';
import { Section } from './section';

/** Official websites of the issuers in SPEC 3 that have one for the document type. */
export const ISSUER_SITES = [
  { key: 'uidai', href: 'https://uidai.gov.in/' },
  { key: 'incomeTax', href: 'https://www.incometax.gov.in/' },
  { key: 'eci', href: 'https://eci.gov.in/' },
  { key: 'parivahan', href: 'https://parivahan.gov.in/' },
  { key: 'passport', href: 'https://www.passportindia.gov.in/' },
  { key: 'cbse', href: 'https://www.cbse.gov.in/' },
] as const;

/** The W3C Recommendation the credentials implement. */
export const VC_DATA_MODEL_URL = 'https://www.w3.org/TR/vc-data-model-2.0/';

function ExternalLink({ href, children }: { href: string; children: string }) {
  const { t } = useTranslation(LANDING_NAMESPACE);
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-start gap-1.5 rounded font-semibold text-slate-900 underline decoration-orange-400 decoration-2 underline-offset-4 hover:text-orange-700 dark:text-white dark:hover:text-orange-300"
    >
      <span>
        {children}
        <span className="sr-only"> {t('partners.newTab')}</span>
      </span>
      <ExternalLinkIcon className="mt-1 size-4 shrink-0" />
    </a>
  );
}

export function PartnersSection() {
  const { t } = useTranslation(LANDING_NAMESPACE);
  return (
    <Section id="partners" title={t('partners.title')} lead={t('partners.subtitle')} tone="tinted">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ISSUER_SITES.map(({ key, href }) => (
          <li
            key={key}
            className="rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-950"
          >
            <ExternalLink href={href}>{t(`partners.items.${key}.name`)}</ExternalLink>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t(`partners.items.${key}.document`)}
            </p>
          </li>
        ))}
      </ul>

      <div className="mt-8 rounded-xl border border-green-200 bg-green-50 p-5 dark:border-green-900 dark:bg-green-950/40">
        <h3 className="text-sm font-semibold tracking-wide text-green-800 uppercase dark:text-green-300">
          {t('partners.standardTitle')}
        </h3>
        <p className="mt-2">
          <ExternalLink href={VC_DATA_MODEL_URL}>{t('partners.standard.name')}</ExternalLink>
        </p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {t('partners.standard.text')}
        </p>
      </div>

      <p className="mx-auto mt-8 max-w-3xl text-center text-sm text-slate-600 dark:text-slate-400">
        {t('partners.verifiers')}
      </p>
      <p className="mx-auto mt-2 max-w-3xl text-center text-sm text-slate-600 dark:text-slate-400">
        {t('partners.disclaimer')}
      </p>
    </Section>
  );
}
