/**
 * The site footer (SPEC 2): Product, Company and Support link columns to real routes, the
 * badges of SPEC 1 and the language menu (every language the product offers).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LanguageMenu } from './language-menu';

interface FooterLink {
  label: string;
  href: string;
  /** Served by the API, not a route of this app: a plain link. */
  external?: boolean;
}

function FooterColumn({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-white">
        {title}
      </h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.href + link.label}>
            {link.external ? (
              <a
                href={link.href}
                className="rounded text-sm text-slate-600 hover:text-orange-700 dark:text-slate-400 dark:hover:text-orange-400"
              >
                {link.label}
              </a>
            ) : (
              <Link
                to={link.href}
                className="rounded text-sm text-slate-600 hover:text-orange-700 dark:text-slate-400 dark:hover:text-orange-400"
              >
                {link.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const product: FooterLink[] = [
    { label: t('nav.features'), href: paths.features.getHref() },
    { label: t('footer.digitalWallet'), href: paths.digitalWallet.getHref() },
    { label: t('footer.kycDemo'), href: paths.kycDemo.getHref() },
    { label: t('footer.businessDashboard'), href: paths.businessDashboard.getHref() },
    { label: t('footer.longterm'), href: paths.longterm.getHref() },
  ];
  const company: FooterLink[] = [
    { label: t('nav.about'), href: paths.about.getHref() },
    { label: t('nav.contact'), href: paths.contact.getHref() },
    { label: t('footer.privacy'), href: paths.privacy.getHref() },
    { label: t('footer.terms'), href: paths.terms.getHref() },
  ];
  const support: FooterLink[] = [
    { label: t('footer.supportCenter'), href: paths.support.getHref() },
    { label: t('footer.helpCenter'), href: paths.help.getHref() },
    { label: t('footer.apiDocs'), href: paths.apiDocs.getHref(), external: true },
  ];

  return (
    <footer className="mt-auto border-t print:hidden border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="text-lg font-bold">{t('appName')}</p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('tagline')}</p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('footer.badges')}>
            {(['madeInIndia', 'dpdp', 'w3c'] as const).map((badge) => (
              <li
                key={badge}
                className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs text-slate-700 dark:border-slate-600 dark:text-slate-300"
              >
                {t(`footer.badge.${badge}`)}
              </li>
            ))}
          </ul>
        </div>
        <FooterColumn title={t('footer.product')} links={product} />
        <FooterColumn title={t('footer.company')} links={company} />
        <FooterColumn title={t('footer.support')} links={support} />
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-4 text-sm text-slate-600 sm:flex-row sm:px-6 lg:px-8 dark:text-slate-400">
          <p>
            {t('footer.copyright', {
              year: new Date().getFullYear(),
              formatParams: { year: { useGrouping: false } },
            })}
          </p>
          <LanguageMenu />
        </div>
      </div>
    </footer>
  );
}
