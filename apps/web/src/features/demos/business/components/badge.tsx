/** A small coloured label: the colour repeats what its text says (never colour alone). */
import type { ReactNode } from 'react';
import type { Tone } from '../labels';

/** Text/background pairs with at least 4.5:1 contrast in light and dark themes. */
const TONES: Record<Tone, string> = {
  green: 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200',
  yellow: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200',
  red: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  blue: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-200',
  grey: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

/** Dot colours for bars and markers (decorative). */
export const TONE_FILLS: Record<Tone, string> = {
  green: 'bg-green-600 dark:bg-green-400',
  yellow: 'bg-amber-500 dark:bg-amber-400',
  red: 'bg-red-600 dark:bg-red-400',
  blue: 'bg-sky-600 dark:bg-sky-400',
  grey: 'bg-slate-500 dark:bg-slate-400',
};

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-medium ${TONES[tone]}`}
    >
      <span aria-hidden="true" className={`size-1.5 rounded-full ${TONE_FILLS[tone]}`} />
      {children}
    </span>
  );
}
