/**
 * The building blocks every information page (SPEC 2: About, Contact, Privacy, Terms, Support,
 * Help) is made of, so the six look and read alike:
 *
 * - `PageHero`: the page's only h1, with an eyebrow, a subtitle and optional extra lines.
 * - `InfoSection`: a region named by its h2 (`aria-labelledby`), so headings stay h1 > h2 > h3.
 * - `CardGrid` + `InfoCard`: h3 cards with an icon.
 * - `NoticeSection`: a highlighted h2 section for notices (student project, important notice).
 * - `BulletList`, `FaqList` (native <details>, usable without JavaScript), `ContactLine`.
 */
import { type ComponentType, type ReactNode, type SVGProps, useId } from 'react';
import { cardSurfaceClass } from '@/components/ui/card';
import { ChevronDownIcon } from '@/components/ui/icons';

type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;

/** Width and side padding of the pages' content. */
export const CONTAINER = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';
/** The same for pages that are mostly running text (Privacy, Terms): shorter lines. */
export const NARROW_CONTAINER = 'mx-auto w-full max-w-4xl px-4 sm:px-6 lg:px-8';

export function PageHero({
  eyebrow,
  title,
  subtitle,
  children,
}: {
  eyebrow: string;
  title: string;
  subtitle: string;
  /** Shown under the subtitle, e.g. 'Last updated: January 2025'. */
  children?: ReactNode;
}) {
  return (
    <div className="border-b border-slate-200 bg-gradient-to-b from-orange-50 via-white to-green-50 dark:border-slate-800 dark:from-slate-900 dark:via-slate-950 dark:to-slate-900">
      <div className={`${CONTAINER} py-12 text-center sm:py-16`}>
        <p className="text-sm font-semibold tracking-wide text-orange-800 uppercase dark:text-orange-300">
          {eyebrow}
        </p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white">
          {title}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-base text-pretty text-slate-700 sm:text-lg dark:text-slate-300">
          {subtitle}
        </p>
        {children && (
          <div className="mt-5 flex flex-wrap items-center justify-center gap-2">{children}</div>
        )}
      </div>
    </div>
  );
}

/** A small rounded label, e.g. the hero's 'Last updated' line or 'We respond within 24 hours'. */
export function Pill({ icon: Icon, children }: { icon?: IconComponent; children: ReactNode }) {
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1 text-sm font-medium text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
      {Icon && <Icon className="size-4 text-green-700 dark:text-green-400" />}
      {children}
    </p>
  );
}

export function InfoSection({
  title,
  intro,
  children,
  id,
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  /** An anchor for links to the section. */
  id?: string;
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-20 py-8 sm:py-10">
      <h2 id={headingId} className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white">
        {title}
      </h2>
      {intro && <div className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{intro}</div>}
      {children && <div className="mt-6">{children}</div>}
    </section>
  );
}

/** A section whose content is one notice, set off by colour (warning: amber, info: blue). */
export function NoticeSection({
  title,
  icon: Icon,
  tone = 'warning',
  children,
}: {
  title: string;
  icon: IconComponent;
  tone?: 'warning' | 'info';
  children: ReactNode;
}) {
  const headingId = useId();
  const tones = {
    warning:
      'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100',
    info: 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-700/60 dark:bg-sky-950/40 dark:text-sky-100',
  } as const;
  return (
    <section aria-labelledby={headingId} className="py-4">
      <div className={`flex gap-4 rounded-xl border p-5 sm:p-6 ${tones[tone]}`}>
        <Icon className="mt-0.5 size-6 shrink-0" />
        <div>
          <h2 id={headingId} className="text-lg font-bold">
            {title}
          </h2>
          <div className="mt-2 space-y-2">{children}</div>
        </div>
      </div>
    </section>
  );
}

export function CardGrid({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  const grid = {
    2: 'sm:grid-cols-2',
    3: 'sm:grid-cols-2 lg:grid-cols-3',
    4: 'sm:grid-cols-2 lg:grid-cols-4',
  } as const;
  return <ul className={`grid gap-4 sm:gap-6 ${grid[columns]}`}>{children}</ul>;
}

/** One card of a `CardGrid`: an icon, an h3 and its text. */
export function InfoCard({
  icon: Icon,
  title,
  children,
}: {
  icon?: IconComponent;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className={`flex flex-col rounded-xl p-5 sm:p-6 ${cardSurfaceClass}`}>
      {Icon && (
        <span className="mb-4 inline-flex size-11 items-center justify-center rounded-lg bg-orange-100 text-orange-800 dark:bg-orange-500/15 dark:text-orange-300">
          <Icon className="size-6" />
        </span>
      )}
      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{title}</h3>
      <div className="mt-2 flex flex-1 flex-col text-slate-700 dark:text-slate-300">{children}</div>
    </li>
  );
}

/** A list of sentences with check marks. */
export function BulletList({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2.5">
      {items.map((item) => (
        <li key={item} className="flex gap-2.5">
          <span
            aria-hidden="true"
            className="mt-2 size-1.5 shrink-0 rounded-full bg-green-600 dark:bg-green-400"
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** Questions that open to their answers (native <details>: keyboard and screen-reader ready). */
export function FaqList({ items }: { items: { q: string; a: string }[] }) {
  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {items.map(({ q, a }) => (
        <details key={q} className="group">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium text-slate-900 hover:bg-slate-50 sm:px-6 dark:text-white dark:hover:bg-slate-800/60 [&::-webkit-details-marker]:hidden">
            {q}
            <ChevronDownIcon className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 dark:text-slate-400" />
          </summary>
          <p className="px-5 pb-5 text-slate-700 sm:px-6 dark:text-slate-300">{a}</p>
        </details>
      ))}
    </div>
  );
}

/** A label and a value (a link or text) with an icon, e.g. 'Email support@...'. */
export function ContactLine({
  icon: Icon,
  label,
  children,
}: {
  icon: IconComponent;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <Icon className="mt-0.5 size-5 shrink-0 text-orange-800 dark:text-orange-300" />
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
        <div className="break-words text-slate-900 dark:text-slate-100">{children}</div>
      </div>
    </div>
  );
}

/** Classes of an inline text link. */
export const LINK_CLASSES =
  'rounded font-medium text-orange-800 underline underline-offset-2 hover:text-orange-900 dark:text-orange-300 dark:hover:text-orange-200';
