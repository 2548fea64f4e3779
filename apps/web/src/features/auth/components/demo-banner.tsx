/**
 * The login page's demo-mode banner (SPEC 2, DECISIONS 2): the three demo accounts and the demo
 * OTP. "Use" fills the form with an account.
 */
import { DEMO_ACCOUNTS, DEMO_OTP, type DemoAccount, formatAadhaarInput } from '@pehchaan/core';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from '@/components/ui/icons';
import { Ltr } from '@/components/ui/ltr';

export function DemoBanner({ onUse }: { onUse?: (account: DemoAccount) => void }) {
  const { t } = useTranslation('auth');
  return (
    <section
      aria-labelledby="demo-banner-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <h2 id="demo-banner-title" className="flex items-center gap-2 font-semibold">
        <InfoIcon className="size-4" />
        {t('demoBanner.title')}
      </h2>
      <p className="mt-1">{t('demoBanner.text', { otp: DEMO_OTP })}</p>
      <ul className="mt-3 space-y-2">
        {DEMO_ACCOUNTS.map((account) => (
          <li
            key={account.role}
            className="flex items-center justify-between gap-3 rounded-lg bg-white/70 px-3 py-2 dark:bg-slate-900/50"
          >
            <div className="min-w-0">
              <p className="font-medium">{t(`demoBanner.roles.${account.role}`)}</p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs sm:text-sm">
                <dt>{t('demoBanner.aadhaar')}</dt>
                <dd className="font-mono">
                  <Ltr>{formatAadhaarInput(account.aadhaarNumber)}</Ltr>
                </dd>
                <dt>{t('demoBanner.phone')}</dt>
                <dd className="font-mono">
                  <Ltr>{account.phoneNumber}</Ltr>
                </dd>
              </dl>
            </div>
            {onUse && (
              <button
                type="button"
                onClick={() => onUse(account)}
                aria-label={t('demoBanner.useAccount', {
                  role: t(`demoBanner.roles.${account.role}`),
                })}
                className="shrink-0 rounded-md border border-amber-400 px-3 py-1 text-xs font-medium hover:bg-amber-100 dark:border-amber-600 dark:hover:bg-amber-900/60"
              >
                {t('demoBanner.use')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-2 font-medium">
        {t('demoBanner.otp')}: <Ltr className="font-mono">{DEMO_OTP}</Ltr>
      </p>
    </section>
  );
}
