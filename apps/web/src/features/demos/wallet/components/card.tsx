/** A titled card section of the wallet page: a region named by its h2. */
import { type ReactNode, useId } from 'react';

export function Card({
  title,
  lead,
  actions,
  children,
}: {
  title: string;
  lead?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
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
