/**
 * An on/off switch (WAI-ARIA role=switch): a button with aria-checked whose name does not change
 * with the state, and the state written beside it as `stateText` (e.g. 'On' / 'Off'), so it is
 * told by text and not by colour alone. Space and Enter toggle it (native button behaviour); a
 * click calls `onChange(!checked)`.
 *
 * Name it with `label` (aria-label) or `labelledBy` (the id of a visible label); `describedBy`
 * points to a description. `disabled`: it cannot be toggled (the description should say why).
 */
import type { Ref } from 'react';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The visible state, e.g. 'On' / 'Off' or 'Sharing enabled' / 'Private'. */
  stateText: string;
  /** Accessible name, e.g. 'Share Aadhaar Card'; or use `labelledBy`. */
  label?: string;
  /** Id of the element that names the switch. */
  labelledBy?: string;
  /** Id of the element that describes the switch. */
  describedBy?: string;
  /** Id of the <button>. */
  id?: string;
  /** React 19: a ref is a plain prop, passed on to the <button>. */
  ref?: Ref<HTMLButtonElement>;
  /** Extra classes of the wrapper (state text + switch), e.g. its alignment in a row. */
  className?: string;
  /** Extra classes of the state text, e.g. a fixed width. */
  stateClassName?: string;
  /**
   * Cannot be toggled: aria-disabled, clicks ignored, still focusable so a screen reader reaches
   * it and its description (which should say why).
   */
  disabled?: boolean;
}

export function Switch({
  checked,
  onChange,
  stateText,
  label,
  labelledBy,
  describedBy,
  id,
  ref,
  className = '',
  stateClassName = '',
  disabled = false,
}: SwitchProps) {
  return (
    <span className={`inline-flex shrink-0 items-center gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className={`text-sm font-medium ${stateClassName} ${checked ? 'text-green-800 dark:text-green-300' : 'text-slate-600 dark:text-slate-400'}`}
      >
        {stateText}
      </span>
      <button
        ref={ref}
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-disabled={disabled || undefined}
        onClick={() => {
          if (!disabled) onChange(!checked);
        }}
        // 44 px tall hit area around a 24 px track (touch target size).
        className="inline-flex min-h-11 items-center rounded-full px-0.5 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
      >
        <span
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 transition-colors ${
            checked
              ? 'border-green-700 bg-green-700 dark:border-green-500 dark:bg-green-500'
              : 'border-slate-500 bg-slate-200 dark:border-slate-400 dark:bg-slate-700'
          }`}
        >
          <span
            className={`inline-block size-4 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${
              // The knob moves towards the line's end: to the left in a right-to-left page.
              checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0.5 rtl:-translate-x-0.5'
            }`}
          />
        </span>
      </button>
    </span>
  );
}
