/**
 * The app's text field: `Input` (an <input>) and its classes, `inputClass`, for <select> and
 * <textarea> that look the same. Full width under its label, slate border, red border while
 * `aria-invalid` is true. Fields with another tone (the KYC demo, the contact form) build on
 * `inputShapeClass` and add their own border and fill.
 */
import type { InputHTMLAttributes, Ref } from 'react';

/** Layout, shape and text colour every text field shares; no border colour or fill. */
export const inputShapeClass =
  'mt-1 block w-full rounded-lg border px-3 py-2 text-slate-900 dark:text-slate-100';

/** Classes of the app's text field (also for <select> and <textarea>). */
export const inputClass = `${inputShapeClass} border-slate-300 bg-white text-base placeholder:text-slate-400 aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:aria-invalid:border-red-400`;

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** React 19: a ref is a plain prop, passed on to the <input>. */
  ref?: Ref<HTMLInputElement>;
}

/** An <input> with `inputClass`; `className` adds to it (e.g. `font-mono`). */
export function Input({ className = '', ref, ...rest }: InputProps) {
  return <input ref={ref} className={`${inputClass} ${className}`} {...rest} />;
}
