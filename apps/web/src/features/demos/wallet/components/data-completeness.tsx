/**
 * Data Completeness (SPEC 2): Identity Verification 95%, Document Upload 75%, Address
 * Verification 90%, each an accessible progressbar (role=progressbar, aria-valuenow 0-100,
 * named by its visible label) with its percentage written out in the holder's digits.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf, numberingSystemOf } from '@/lib/format';
import { usePreferences } from '@/lib/preferences';
import { WALLET_NAMESPACE } from '../i18n';
import { DATA_COMPLETENESS } from '../wallet-state';
import { Card } from './card';

export function DataCompleteness() {
  const { t, i18n } = useTranslation(WALLET_NAMESPACE);
  const id = useId();
  const { digits } = usePreferences();
  // The holder's digits (Settings › Digits): '९५%' in Marathi with native digits chosen.
  const percent = new Intl.NumberFormat(localeOf(i18n.language), {
    style: 'percent',
    numberingSystem: numberingSystemOf({ language: i18n.language, digits }),
  });
  return (
    <Card title={t('completeness.heading')}>
      <ul className="space-y-4">
        {DATA_COMPLETENESS.map(({ key, percent: value }) => {
          const labelId = `${id}-${key}`;
          const text = percent.format(value / 100);
          return (
            <li key={key}>
              <div className="mb-1 flex justify-between gap-2 text-sm">
                <span id={labelId} className="text-slate-700 dark:text-slate-300">
                  {t(`completeness.${key}`)}
                </span>
                <span className="font-semibold text-slate-900 dark:text-white">{text}</span>
              </div>
              <div
                role="progressbar"
                aria-labelledby={labelId}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={value}
                aria-valuetext={text}
                className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
              >
                <div
                  className="h-full rounded-full bg-green-700 dark:bg-green-500"
                  style={{ width: `${value}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
