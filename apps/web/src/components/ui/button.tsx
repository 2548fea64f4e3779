/**
 * The app's button: variants primary (saffron), secondary (outlined), ghost, danger, and
 * inverse / outlineInverse for saffron backgrounds; sizes sm and md. Pass `loading` to disable it and show `loadingLabel` (e.g. 'Sending OTP...').
 */
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { type ButtonVariant, buttonClasses, type SIZES } from './button-classes';

export { type ButtonVariant, buttonClasses } from './button-classes';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: keyof typeof SIZES;
  loading?: boolean;
  loadingLabel?: ReactNode;
  /** React 19: a ref is a plain prop, passed on to the <button>. */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  loadingLabel,
  className = '',
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`${buttonClasses(variant, size)} ${className}`}
      {...rest}
    >
      {loading && loadingLabel ? loadingLabel : children}
    </button>
  );
}
