/**
 * The wizard's progress bar (SPEC 2): a bar that fills with the step and the six step names Bank,
 * Identity, Data, Request, Consent, Complete. The bar is a progressbar with a text value ("Step 2
 * of 6: Identity"); the list marks the current step with aria-current="step" and says which steps
 * are completed, so nothing relies on colour.
 */
import { useTranslation } from 'react-i18next';
import { KYC_NAMESPACE } from '../i18n';
import { KYC_STEP_COUNT, KYC_STEPS, type KycStep } from '../kyc-wizard';

export function KycProgress({ step }: { step: KycStep }) {
  const { t } = useTranslation(KYC_NAMESPACE);
  const name = t(`progress.steps.${KYC_STEPS[step - 1]!}`);
  return (
    <div className="mb-6">
      <div
        role="progressbar"
        aria-label={t('progress.label')}
        aria-valuemin={1}
        aria-valuemax={KYC_STEP_COUNT}
        aria-valuenow={step}
        aria-valuetext={t('progress.value', { step, total: KYC_STEP_COUNT, name })}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-orange-600 transition-[width] duration-300 motion-reduce:transition-none dark:bg-orange-400"
          style={{ width: `${(step / KYC_STEP_COUNT) * 100}%` }}
        />
      </div>
      <ol className="mt-3 grid grid-cols-6 gap-1 text-center" aria-label={t('progress.label')}>
        {KYC_STEPS.map((stepName, index) => {
          const number = index + 1;
          const done = number < step;
          const current = number === step;
          return (
            <li
              key={stepName}
              aria-current={current ? 'step' : undefined}
              className="flex min-w-0 flex-col items-center gap-1"
            >
              <span
                aria-hidden="true"
                className={`grid size-7 place-items-center rounded-full text-xs font-semibold ${
                  done
                    ? 'bg-green-700 text-white dark:bg-green-500 dark:text-slate-950'
                    : current
                      ? 'bg-orange-700 text-white ring-4 ring-orange-200 dark:bg-orange-400 dark:text-slate-950 dark:ring-orange-900'
                      : 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300'
                }`}
              >
                {done ? '✓' : number}
              </span>
              <span
                className={`w-full truncate text-[11px] sm:text-xs ${
                  current
                    ? 'font-semibold text-slate-900 dark:text-white'
                    : 'text-slate-600 dark:text-slate-400'
                }`}
              >
                {t(`progress.steps.${stepName}`)}
                {done && <span className="sr-only"> ({t('progress.completed')})</span>}
                {current && <span className="sr-only"> ({t('progress.current')})</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
