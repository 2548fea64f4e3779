/**
 * The class names of the app's button looks (button.tsx): variants and sizes. Without React, so
 * the /verify island (src/app/verify-island-view.ts), which runs before React, draws the same
 * buttons.
 */
export type ButtonVariant =
  | 'primary'
  | 'secondary'
  | 'ghost'
  | 'danger'
  | 'inverse'
  | 'outlineInverse';

const VARIANTS: Record<ButtonVariant, string> = {
  // WCAG AA (4.5:1): white on orange-700 in light, near-black on orange-500 in dark.
  primary:
    'bg-orange-700 text-white hover:bg-orange-800 disabled:bg-orange-200 disabled:text-orange-950 dark:bg-orange-500 dark:text-slate-950 dark:hover:bg-orange-400 dark:disabled:bg-orange-900 dark:disabled:text-orange-100',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  ghost:
    'text-slate-700 hover:bg-slate-100 disabled:text-slate-400 dark:text-slate-200 dark:hover:bg-slate-800',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300',
  /** On a saffron background: a white button. */
  inverse: 'bg-white text-orange-700 hover:bg-orange-50 disabled:text-orange-300',
  /** On a saffron background: an outlined button. */
  outlineInverse:
    'border border-white/70 bg-white/10 text-white hover:bg-white/20 disabled:text-white/60',
};

export const SIZES = { sm: 'px-3 py-1.5 text-sm', md: 'px-4 py-2 text-sm sm:text-base' } as const;

/** Class names of a button look, for links styled as buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: keyof typeof SIZES = 'md') {
  return `inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed ${VARIANTS[variant]} ${SIZES[size]}`;
}
