/**
 * An on/off switch (WAI-ARIA role=switch): a button with aria-checked, named by `label` (which
 * does not change with the state), with the state written beside it as `stateText`, so it is told
 * by text and not by colour alone. Space and Enter toggle it (native button behaviour).
 */
import type { Ref } from 'react';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Accessible name, e.g. 'Share Aadhaar Card'. */
  label: string;
  /** The visible state, e.g. 'Sharing enabled' / 'Private'. */
  stateText: string;
  ref?: Ref<HTMLButtonElement>;
}

export function Switch({ checked, onChange, label, stateText, ref }: SwitchProps) {
  return (
    <span className="inline-flex shrink-0 items-center gap-2">
      <span
        aria-hidden="true"
        className={`text-sm font-medium ${checked ? 'text-green-800 dark:text-green-300' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {stateText}
      </span>
      <button
        ref={ref}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        onClick={() => onChange(!checked)}
        // 44 px tall hit area around a 24 px track (touch target size).
        className="group inline-flex min-h-11 items-center rounded-full px-0.5"
      >
        <span
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 transition-colors ${
            checked
              ? 'border-green-700 bg-green-700 dark:border-green-500 dark:bg-green-500'
              : 'border-slate-500 bg-slate-200 dark:border-slate-400 dark:bg-slate-700'
          }`}
        >
          <span
            className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${
              checked ? 'translate-x-5' : 'translate-x-0.5'
            }`}
          />
        </span>
      </button>
    </span>
  );
}
