/**
 * /kyc-demo (SPEC 2, 4, 5, 8, 9): the bank KYC wizard, an offline simulation. Six steps with a
 * progress bar (Bank, Identity, Data, Request, Consent, Complete) in a narrow centred column, under
 * a banner saying it is an offline simulation only. It stands alone, outside the site frame, with
 * its own small header (home link, language, theme).
 *
 * Offline (SPEC 1, 7): no network call of any kind; nothing is stored. The state is one reducer
 * (../kyc-wizard.ts). When the step changes, focus moves to the new step's heading, so keyboard
 * and screen-reader users continue from the top of the new step.
 */
import { type ReactNode, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageButton } from '@/components/layouts/language-button';
import { ThemeToggle } from '@/components/layouts/theme-toggle';
import { WifiOffIcon } from '@/components/ui/icons';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { KYC_NAMESPACE } from '../i18n';
import { INITIAL_KYC_STATE, kycReducer } from '../kyc-wizard';
import { BankStep } from './bank-step';
import { CompleteStep } from './complete-step';
import { ConsentStep } from './consent-step';
import { DataStep } from './data-step';
import { IdentityStep } from './identity-step';
import { KycProgress } from './kyc-progress';
import type { StepProps } from './kyc-step-parts';
import { RequestStep } from './request-step';

const STEP_COMPONENTS = [
  BankStep,
  IdentityStep,
  DataStep,
  RequestStep,
  ConsentStep,
  CompleteStep,
] as const satisfies ((props: StepProps) => ReactNode)[];

export function KycDemoPage() {
  const { t } = useTranslation(KYC_NAMESPACE);
  const [state, dispatch] = useReducer(kycReducer, INITIAL_KYC_STATE);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each step change, by design
  useEffect(() => {
    // Not on the first render: the page opens at its top, not at step 1's heading.
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    heading.current?.focus();
  }, [state.step]);

  const Step = STEP_COMPONENTS[state.step - 1]!;

  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-xl items-center justify-between gap-3 px-4 py-3">
          <Link
            to={paths.home.getHref()}
            aria-label={t('home')}
            className="flex items-center gap-2 rounded-lg font-bold text-slate-900 dark:text-white"
          >
            <LogoMark className="size-7" />
            <span aria-hidden="true">Pehchaan</span>
          </Link>
          <div className="flex items-center gap-1">
            <LanguageButton />
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-xl px-4 py-6 sm:py-10">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
          {t('title')}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          {t('subtitle', { bank: t('bank') })}
        </p>
        <aside
          aria-label={t('banner.title')}
          className="mt-4 mb-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <WifiOffIcon className="mt-0.5 size-5 shrink-0" />
          <p>
            <strong className="font-semibold">{t('banner.title')}.</strong> {t('banner.text')}
          </p>
        </aside>
        <KycProgress step={state.step} />
        <Step state={state} dispatch={dispatch} headingRef={heading} />
      </main>
    </div>
  );
}
