/**
 * One band of the landing page: an `id` to link to, an h2 that names the region (so each band is
 * a landmark screen readers can jump to), an optional lead paragraph, and the content.
 */
import type { ReactNode } from 'react';

const TONES = {
  plain: '',
  tinted: 'bg-white dark:bg-slate-900/60',
} as const;

export interface SectionProps {
  id: string;
  title: string;
  lead?: string;
  tone?: keyof typeof TONES;
  children: ReactNode;
}

export function Section({ id, title, lead, tone = 'plain', children }: SectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={`scroll-mt-20 ${TONES[tone]}`}>
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <h2
            id={headingId}
            className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white"
          >
            {title}
          </h2>
          {lead && <p className="mt-3 text-base text-slate-600 dark:text-slate-300">{lead}</p>}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
