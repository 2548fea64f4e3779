/** A label/value row list of the dashboard's cards (a <dl>). */
import type { ReactNode } from 'react';

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
