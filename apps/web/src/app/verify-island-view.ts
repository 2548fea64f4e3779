/**
 * What the /verify/{id} island (verify-island.ts) puts on screen, built with the DOM alone: the
 * same elements, classes and texts as the app's verifier page (features/verifier/components
 * verifier-page.tsx: VerdictBanner, CredentialDetails, CheckList, the Try again button; SPEC 4
 * "Verification result", SPEC 8, DECISIONS 9.6), so that the app, when it takes the page over,
 * renders what is already there (verify-island-view.test.ts compares the two for each verdict).
 * No React: the island runs before the app, on the page a stranger opens on a phone, in a few KB
 * of script (docs/adr/0010).
 */

import { buttonClasses } from '@/components/ui/button-classes';
import type { VerificationOutcome } from '@/features/verifier/api/verify-credential';
import { type Details, TONES, type Verdict, verdictOf } from '@/features/verifier/verdicts';
import { claimValue } from '@/lib/claim-value';
import { englishDocumentTypeName, englishFieldLabel } from '@/lib/document-labels-en';
import { DEFAULT_FORMAT_PREFERENCES, formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { islandText as t } from './verify-island-texts';

export type IslandDetails = Details;

export type Child = Node | string | false | null | undefined;

/** An element with `attributes` (in the order given) and `children` (text or nodes). */
export function h(
  tag: string,
  attributes: Record<string, string | undefined> | null,
  ...children: (Child | Child[])[]
): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value !== undefined) element.setAttribute(name, value);
  }
  for (const child of children.flat()) {
    if (child || child === '') element.append(child);
  }
  return element;
}

const SVG = 'http://www.w3.org/2000/svg';

/** The icons the page uses (components/ui/icons.tsx): their shapes, drawn in the 24x24 frame. */
const ICONS = {
  checkCircle: [
    ['circle', { cx: '12', cy: '12', r: '10' }],
    ['path', { d: 'm9 12 2 2 4-4' }],
  ],
  info: [
    ['circle', { cx: '12', cy: '12', r: '10' }],
    ['path', { d: 'M12 16v-4M12 8h.01' }],
  ],
  close: [['path', { d: 'M18 6 6 18M6 6l12 12' }]],
  // The header's theme button (components/layouts/theme-toggle.tsx; verify-island-theme.ts).
  sun: [
    ['circle', { cx: '12', cy: '12', r: '4' }],
    [
      'path',
      {
        d: 'M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41',
      },
    ],
  ],
  moon: [['path', { d: 'M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z' }]],
  monitor: [
    ['rect', { x: '2', y: '3', width: '20', height: '14', rx: '2' }],
    ['path', { d: 'M8 21h8M12 17v4' }],
  ],
  eye: [
    ['path', { d: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z' }],
    ['circle', { cx: '12', cy: '12', r: '3' }],
  ],
  eyeOff: [
    [
      'path',
      {
        d: 'M9.9 4.24A9 9 0 0 1 12 4c6.5 0 10 8 10 8a18 18 0 0 1-2.16 3.19M6.6 6.6A17.6 17.6 0 0 0 2 12s3.5 8 10 8a9.7 9.7 0 0 0 5.4-1.6',
      },
    ],
    ['path', { d: 'M14.12 14.12a3 3 0 1 1-4.24-4.24M2 2l20 20' }],
  ],
} satisfies Record<string, [string, Record<string, string>][]>;

/** An icon of components/ui/icons.tsx (decorative: aria-hidden). */
export function icon(name: keyof typeof ICONS, className: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  const attributes: Record<string, string> = {
    xmlns: SVG,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    'aria-hidden': 'true',
    focusable: 'false',
    class: className,
  };
  for (const [name, value] of Object.entries(attributes)) svg.setAttribute(name, value);
  for (const [tag, shape] of ICONS[name]) {
    const part = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(shape)) part.setAttribute(key, value);
    svg.append(part);
  }
  return svg;
}

/** A small secondary button (components/ui/button.tsx `<Button size="sm" variant="secondary">`). */
export function button(
  className: string,
  onClick: () => void,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLButtonElement {
  const element = h(
    'button',
    { type: 'button', class: `${buttonClasses('secondary', 'sm')} ${className}`, ...attributes },
    ...children,
  ) as HTMLButtonElement;
  element.addEventListener('click', onClick);
  return element;
}

/**
 * SPEC 9's default formats in English: what the page shows a visitor who is not signed in (the
 * app's `useFormat()` for such a visitor).
 */
const PREFERENCES = DEFAULT_FORMAT_PREFERENCES;
export const islandFormat = {
  date: (value: string | number | Date) => formatDate(value, PREFERENCES),
  dateTime: (value: string | number | Date) => formatDateTime(value, PREFERENCES),
  number: (value: number, options?: { maximumFractionDigits?: number }) =>
    formatNumber(value, PREFERENCES, options),
};
const format = islandFormat;
const date = (iso: string | null | undefined) => (iso ? format.date(iso) : t('never'));

/** The loading card (loading-card.tsx): the verdict's place while a check runs. */
export function loadingCard(): HTMLElement {
  return h(
    'div',
    {
      role: 'status',
      'aria-live': 'polite',
      class:
        'flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300',
    },
    h('span', {
      'aria-hidden': 'true',
      class:
        'mt-1 size-7 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-orange-500 motion-reduce:animate-none dark:border-slate-600 dark:border-t-orange-400',
    }),
    h('p', { class: 'text-2xl font-bold' }, t('loading', {}, 'common')),
  );
}

/** The verdict's box (VerdictBanner): its title and text, then `children`. */
function verdictBanner(verdict: Verdict, ...children: Child[]): HTMLElement {
  return h(
    'div',
    { role: 'status', class: `flex items-start gap-3 rounded-2xl border p-5 ${TONES[verdict]}` },
    icon(verdict === 'verified' ? 'checkCircle' : 'info', 'mt-1 size-7 shrink-0'),
    h(
      'div',
      { class: 'min-w-0' },
      h('h2', { class: 'text-2xl font-bold' }, t(verdict)),
      h('p', { class: 'mt-1' }, t(`${verdict}Text`)),
      ...children,
    ),
  );
}

/**
 * A label and its value in a details list (verifier-page.tsx Row); `extra` classes of the row
 * and its label (receipt-details.tsx's Row adds print styles).
 */
export function row(label: string, ...value: Child[]): HTMLElement {
  return rowWith({ row: '', label: '' }, label, ...value);
}

export function rowWith(
  extra: { row: string; label: string },
  label: string,
  ...value: Child[]
): HTMLElement {
  return h(
    'div',
    { class: `flex flex-wrap justify-between gap-x-4 gap-y-1 py-2${extra.row}` },
    h('dt', { class: `text-slate-600 dark:text-slate-400${extra.label}` }, label),
    h('dd', { class: 'min-w-0 font-medium break-words' }, ...value),
  );
}

const CHECKS = ['signature', 'trusted_issuer', 'validity', 'status'] as const;

/** The checks made and the problems found (CheckList). */
function checkList(checks: IslandDetails['checks'], errors: readonly string[]): Child[] {
  return [
    h('h4', { class: 'mt-4 mb-2 font-semibold' }, t('checks')),
    h(
      'ul',
      { 'aria-label': t('checks'), class: 'space-y-2 text-sm' },
      CHECKS.map((check) => {
        const value = checks?.[check];
        const label =
          value === undefined ? t('notChecked') : value ? t('passed') : t('failedCheck');
        const tone =
          value === undefined
            ? 'text-slate-500 dark:text-slate-400'
            : value
              ? 'text-green-700 dark:text-green-400'
              : 'text-red-700 dark:text-red-400';
        return h(
          'li',
          { class: 'flex items-center justify-between gap-4' },
          h('span', null, t(`check.${check}`)),
          h(
            'span',
            { class: `inline-flex items-center gap-1 font-medium ${tone}` },
            value === true && icon('checkCircle', 'size-4'),
            value === false && icon('close', 'size-4'),
            label,
          ),
        );
      }),
    ),
    errors.length > 0 && h('h4', { class: 'mt-4 mb-1 font-semibold' }, t('errors')),
    errors.length > 0 &&
      h(
        'ul',
        {
          class: 'list-disc ps-5 text-sm [overflow-wrap:anywhere] text-red-700 dark:text-red-400',
        },
        errors.map((error) => h('li', null, error)),
      ),
  ];
}

const SUBJECT_HIDDEN = new Set(['id', 'document_type']);
const CARD =
  'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/**
 * The details and subject cards (CredentialDetails). The subject's Reveal fields / Hide fields
 * button redraws the subject card in place (the island's own state; the app, when it takes over,
 * starts masked like its own page).
 */
function credentialDetails(details: IslandDetails): HTMLElement {
  const share = details.share;
  const subjectCard = (reveal: boolean): HTMLElement => {
    const subject = reveal && details.revealed ? details.revealed : details.masked;
    const card: HTMLElement = h(
      'section',
      { 'aria-label': t('subject'), class: CARD },
      h(
        'div',
        { class: 'mb-2 flex items-center justify-between gap-2' },
        h('h3', { class: 'text-lg font-semibold' }, t('subject')),
        details.revealed &&
          button(
            '',
            () => {
              const next = subjectCard(!reveal);
              card.replaceWith(next);
              next.querySelector('button')?.focus();
            },
            { 'aria-pressed': String(reveal) },
            icon(reveal ? 'eyeOff' : 'eye', 'size-4'),
            reveal ? t('hide') : t('reveal'),
          ),
      ),
      h(
        'p',
        { class: 'mb-2 text-sm text-slate-600 dark:text-slate-400' },
        share ? t('sharedFields') : t('maskedOnly'),
      ),
      h(
        'dl',
        { class: 'divide-y divide-slate-100 text-sm dark:divide-slate-800' },
        Object.entries(subject)
          .filter(([key]) => !SUBJECT_HIDDEN.has(key))
          .map(([key, value]) =>
            row(
              englishFieldLabel(key),
              h('span', { 'data-field': key }, claimValue(key, value, format)),
            ),
          ),
      ),
      share &&
        h(
          'p',
          { class: 'mt-3 text-sm text-slate-600 dark:text-slate-400' },
          share.max_views === null
            ? t('linkViews', { views: share.views })
            : t('linkViewsOf', { views: share.views, max: share.max_views }),
          ' · ',
          t('linkExpires', { date: date(share.expires_at) }),
        ),
    );
    return card;
  };
  return h(
    'div',
    { class: 'grid gap-6 md:grid-cols-2' },
    h(
      'section',
      { 'aria-label': t('details'), class: CARD },
      h('h3', { class: 'mb-2 text-lg font-semibold' }, t('details')),
      h(
        'dl',
        { class: 'divide-y divide-slate-100 text-sm dark:divide-slate-800' },
        row(t('type'), englishDocumentTypeName(details.type)),
        row(t('issuer'), details.issuer),
        details.issuerId &&
          row(
            t('issuerId'),
            h('span', { dir: 'ltr', class: 'font-mono text-xs break-all' }, details.issuerId),
          ),
        row(t('issued'), date(details.issued)),
        row(t('expires'), date(details.expires)),
      ),
      ...checkList(details.checks, details.errors),
    ),
    subjectCard(false),
  );
}

/**
 * The verdict of `outcome` and, when there are any, its details (what the verifier page shows
 * in place of the loading card): `details` from verifier-page.tsx's rules (detailsOf), `retry`
 * for 'Verification failed''s Try again.
 */
export function verdictView(
  outcome: VerificationOutcome,
  details: IslandDetails | null,
  retry: () => void,
): HTMLElement[] {
  const failed = outcome.kind === 'failed';
  const banner = verdictBanner(
    verdictOf(outcome),
    failed && outcome.localCopy && h('p', { class: 'mt-1' }, t('localCopy')),
    failed && button('mt-3', retry, {}, t('retry')),
  );
  return details ? [banner, credentialDetails(details)] : [banner];
}

/** The id of the credential, shown under the page's lead once the island runs. */
export function credentialIdCode(credentialId: string): HTMLElement {
  return h(
    'code',
    { class: 'rounded bg-slate-100 px-1.5 py-0.5 break-all dark:bg-slate-800' },
    credentialId,
  );
}
