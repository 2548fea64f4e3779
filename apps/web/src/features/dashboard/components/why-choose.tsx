/** SPEC 2: the dashboard's why-choose section. */
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, LockIcon, ShieldIcon, WifiOffIcon } from '@/components/ui/icons';

const POINTS = [
  { key: 'consent', Icon: CheckCircleIcon },
  { key: 'verifiable', Icon: ShieldIcon },
  { key: 'privacy', Icon: LockIcon },
  { key: 'offline', Icon: WifiOffIcon },
] as const;

export function WhyChoose() {
  const { t } = useTranslation('dashboard');
  return (
    <section
      aria-labelledby="why-choose-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="why-choose-title" className="text-lg font-semibold">
        {t('why.title')}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {POINTS.map(({ key, Icon }) => (
          <li key={key} className="flex gap-3">
            <Icon className="mt-0.5 size-5 shrink-0 text-green-600 dark:text-green-400" />
            <div>
              <h3 className="font-medium">{t(`why.points.${key}.title`)}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t(`why.points.${key}.text`)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
