/**
 * A titled card: a <section> named by its h2 (`aria-labelledby`), with an optional icon before the
 * title, a `lead` line under it and `actions` (e.g. a button) at the header's end.
 *
 * The surface (border, fill, shadow) is shared; the rounding and padding come from `className`
 * (default `rounded-2xl p-5 sm:p-6`) and the header's wrapping, alignment and gap from
 * `headerClassName` (default `flex-wrap items-center gap-3`), so each screen keeps its own look.
 */
import { type ReactNode, useId } from 'react';

/** Border, fill and shadow of every card, for card-like elements that are not a `Card`. */
export const cardSurfaceClass =
  'border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900';

export interface CardProps {
  title: string;
  /** Id of the h2 (e.g. an anchor target); a generated one when absent. */
  headingId?: string;
  /** Shown before the title, e.g. an 20 px icon. */
  icon?: ReactNode;
  /** A sentence under the title. */
  lead?: string;
  actions?: ReactNode;
  children: ReactNode;
  /** Rounding, padding and any extra classes of the <section>; replaces the default. */
  className?: string;
  /** Wrapping, alignment and gap of the header row; replaces the default. */
  headerClassName?: string;
}

export function Card({
  title,
  headingId,
  icon,
  lead,
  actions,
  children,
  className = 'rounded-2xl p-5 sm:p-6',
  headerClassName = 'flex-wrap items-center gap-3',
}: CardProps) {
  const generatedId = useId();
  const titleId = headingId ?? generatedId;
  return (
    <section aria-labelledby={titleId} className={`${cardSurfaceClass} ${className}`}>
      <div className={`mb-4 flex justify-between ${headerClassName}`}>
        <div className="min-w-0">
          <h2
            id={titleId}
            className={`text-lg font-semibold text-slate-900 dark:text-white ${icon ? 'flex items-center gap-2' : ''}`}
          >
            {icon}
            {title}
          </h2>
          {lead && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{lead}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
