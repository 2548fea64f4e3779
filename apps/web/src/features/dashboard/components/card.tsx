/** A titled panel of the dashboard. */
import { type ReactNode, useId } from 'react';

export function Card({
  title,
  icon,
  actions,
  children,
  className = '',
}: {
  title: string;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      <div className="mb-4 flex items-center justify-between gap-2">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
          {icon}
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A label/value row list. */
export function InfoList({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
      {rows.map((row) => (
        <div key={row.label} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
          <dt className="text-slate-600 dark:text-slate-400">{row.label}</dt>
          <dd className="min-w-0 font-medium break-words">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
