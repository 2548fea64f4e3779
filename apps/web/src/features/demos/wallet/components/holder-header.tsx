/**
 * The identity holder header of SPEC 2: name, verification badge (Verified green, Pending
 * yellow, anything else grey; always with its text, never colour alone), data score with its
 * SPEC 9 band, and the CKYC information.
 */
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, ClockIcon, ShieldIcon } from '@/components/ui/icons';
import { useFormat } from '@/lib/preferences';
import { WALLET_NAMESPACE } from '../i18n';
import type { WalletProfile } from '../wallet-data';
import { type BadgeTone, scoreBand, verificationTone } from '../wallet-state';

const BADGE_CLASSES: Record<BadgeTone, string> = {
  green:
    'border-green-300 bg-green-50 text-green-800 dark:border-green-700 dark:bg-green-950 dark:text-green-200',
  yellow:
    'border-yellow-300 bg-yellow-50 text-yellow-900 dark:border-yellow-700 dark:bg-yellow-950 dark:text-yellow-100',
  grey: 'border-slate-300 bg-slate-100 text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200',
};

const BAND_CLASSES = {
  high: 'text-green-800 dark:text-green-300',
  moderate: 'text-yellow-800 dark:text-yellow-200',
  atRisk: 'text-red-700 dark:text-red-300',
} as const;

export function HolderHeader({ profile }: { profile: WalletProfile }) {
  const { t } = useTranslation(WALLET_NAMESPACE);
  const format = useFormat();
  const tone = verificationTone(profile.verificationStatus);
  const statusKey =
    tone === 'green' ? 'Verified' : tone === 'yellow' ? 'Pending' : ('other' as const);
  const StatusIcon = tone === 'green' ? CheckCircleIcon : ClockIcon;
  const band = scoreBand(profile.dataScore);
  const name = t(profile.nameKey);
  const initials = name
    .split(/\s+/)
    .map((part) => part[0])
    .filter(Boolean)
    .slice(0, 2)
    .join('');

  return (
    <section
      aria-labelledby="wallet-holder-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="wallet-holder-heading" className="sr-only">
        {t('holder.heading')}
      </h2>
      <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-4">
          <div
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-orange-500 to-green-600 text-lg font-bold text-white"
          >
            {initials}
          </div>
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
              {t('holder.heading')}
            </p>
            <p className="text-xl font-bold text-slate-900 dark:text-white">{name}</p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              <span className="text-slate-600 dark:text-slate-400">
                {t('holder.verification')}:
              </span>
              <span
                className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${BADGE_CLASSES[tone]}`}
              >
                <StatusIcon className="size-3.5" />
                {t(`holder.status.${statusKey}`)}
              </span>
            </p>
          </div>
        </div>
        <dl className="grid gap-4 sm:grid-cols-2 md:min-w-[28rem]">
          <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">
              {t('holder.dataScore')}
            </dt>
            <dd className="mt-1">
              <span className="text-2xl font-bold text-slate-900 dark:text-white">
                {t('holder.scoreValue', { score: profile.dataScore })}
              </span>
              <span className={`ms-2 text-sm font-semibold ${BAND_CLASSES[band]}`}>
                {t(`holder.band.${band}`)}
              </span>
            </dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
            <dt className="flex items-center gap-1 text-xs font-medium text-slate-600 dark:text-slate-400">
              <ShieldIcon className="size-3.5" />
              {t('holder.ckyc')}
            </dt>
            <dd className="mt-1 space-y-0.5 text-sm text-slate-800 dark:text-slate-200">
              <p>
                <span className="text-slate-600 dark:text-slate-400">
                  {t('holder.ckycNumber')}:{' '}
                </span>
                <span className="font-mono">{profile.ckycNumber}</span>
              </p>
              <p>
                <span className="text-slate-600 dark:text-slate-400">{t('holder.registry')}: </span>
                {t('holder.registryName')}
              </p>
              <p>
                <span className="text-slate-600 dark:text-slate-400">
                  {t('holder.kycUpdated')}:{' '}
                </span>
                {format.date(profile.kycUpdated)}
              </p>
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
