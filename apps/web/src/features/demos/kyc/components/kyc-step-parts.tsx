/**
 * What the six steps of the bank KYC wizard share (SPEC 2 "KYC demo", SPEC 4 "KYC demo flow"):
 * the props every step receives, the section frame named by its h2 (the page focuses that
 * heading when the step changes), the large choice button of steps 1 and 5, the summary list of
 * steps 4 and 6, and the input, hint and action-row classes. Presentation only: the rules live in
 * ../kyc-wizard.ts; the steps only render the state and dispatch actions, and never show an error
 * message (SPEC 5.7).
 */
import { type Dispatch, type ReactNode, type Ref, useId } from 'react';
import { ArrowRightIcon } from '@/components/ui/icons';
import { inputShapeClass } from '@/components/ui/input';
import type { KycAction, KycDemoState } from '../kyc-wizard';

/** Props of every step component: the wizard state, its dispatch, and the ref for the h2. */
export interface StepProps {
  state: KycDemoState;
  dispatch: Dispatch<KycAction>;
  /** The step's h2; the page focuses it when the step changes. */
  headingRef: Ref<HTMLHeadingElement>;
}

/** Class of a text input in a step. */
export const INPUT = `${inputShapeClass} border-slate-400 bg-white text-base placeholder:text-slate-500 dark:border-slate-500 dark:bg-slate-950 dark:placeholder:text-slate-400`;
/** Class of the hint line under an input. */
export const HINT = 'mt-1 text-sm text-slate-600 dark:text-slate-400';
/** Class of a step's Back / Continue row (stacked on narrow screens). */
export const ACTIONS = 'mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between';

/** A step's frame: a section labelled by its h2 (`title`), an optional intro line, the content. */
export function StepCard({
  title,
  text,
  headingRef,
  children,
}: {
  title: string;
  text?: string;
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id={id}
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 dark:text-white"
      >
        {title}
      </h2>
      {text && <p className="mt-1 text-slate-600 dark:text-slate-400">{text}</p>}
      {children}
    </section>
  );
}

/** A large choice button: title, one line of explanation, an icon. */
export function ChoiceButton({
  title,
  text,
  icon,
  onClick,
  ref,
  primary = false,
}: {
  title: string;
  text: string;
  icon: ReactNode;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
  primary?: boolean;
}) {
  const textId = useId();
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      aria-describedby={textId}
      className={`flex w-full items-start gap-4 rounded-xl border p-4 text-start transition-colors ${
        primary
          ? 'border-orange-300 bg-orange-50 hover:border-orange-500 hover:bg-orange-100 dark:border-orange-800 dark:bg-orange-950/40 dark:hover:border-orange-500'
          : 'border-slate-300 bg-white hover:border-slate-400 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800'
      }`}
    >
      <span
        className={`grid size-10 shrink-0 place-items-center rounded-lg ${
          primary
            ? 'bg-orange-700 text-white dark:bg-orange-400 dark:text-slate-950'
            : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
        }`}
      >
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900 dark:text-white">{title}</span>
        <span id={textId} className="mt-0.5 block text-sm text-slate-600 dark:text-slate-400">
          {text}
        </span>
      </span>
      <ArrowRightIcon className="mt-2 size-5 shrink-0 text-slate-500 dark:text-slate-400" />
    </button>
  );
}

/** A term/definition list of a summary. */
export function Summary({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <dl
      aria-label={label}
      className="mt-5 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
    >
      {rows.map(([term, value]) => (
        <div
          key={term}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3"
        >
          <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="text-end font-medium text-slate-900 dark:text-white">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
