/**
 * What the /verify/{receiptId} island (verify-island.ts) puts on screen, built with the DOM
 * alone: the same elements, classes and texts as the app's receipt page (features/verifier
 * components receipt-page.tsx and receipt-details.tsx: the lead, 'Loading...' for SPEC 9's
 * second, the verdict, Print and Download JSON, the consent now ("Given on X and withdrawn on Y"
 * with the later receipt, DECISIONS 7.8), what the receipt records; 'Receipt not found';
 * 'Verification failed' with Try again), so that the app, when it takes the page over, renders
 * what is already there (verify-receipt-island-view.test.tsx compares the two for each state).
 * The helpers (elements, icons, buttons, formats, texts) are the credential island's
 * (verify-island-view.ts). No React, i18next or zod (docs/adr/0010).
 */
import { type ConsentReceiptView, languageEntry, type ReceiptConsentStatus } from '@pehchaan/core';
import { paths } from '@/config/paths';
import type { DocumentOutcome } from '@/features/verifier/api/verify-receipt';
import { fiduciaryNames } from '@/features/verifier/fiduciary-names';
import { downloadJson } from '@/lib/download-file';
import { islandText as t } from './verify-island-texts';
import {
  button,
  type Child,
  h,
  icon,
  islandFormat,
  loadingCard,
  rowWith,
} from './verify-island-view';
import { readReceiptInIsland } from './verify-receipt-island-answer';

type Verdict = Extract<DocumentOutcome, { kind: 'verdict' }>['verdict'];
type ReceiptVerdict = 'verified' | 'untrusted' | 'notRegistry' | 'invalidSignature' | 'malformed';

/** receipt-details.tsx receiptVerdictOf, with the island's reading of the receipt. */
function receiptVerdictOf(verdict: Verdict, receipt: ConsentReceiptView | null): ReceiptVerdict {
  if (verdict.verified && verdict.trust?.trusted) return 'verified';
  if (verdict.status === 'malformed') return 'malformed';
  if (verdict.status === 'invalid_signature' || !verdict.checks.signature) {
    return 'invalidSignature';
  }
  return receipt ? 'notRegistry' : 'untrusted';
}

const RED =
  'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100';
const AMBER =
  'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100';
/** receipt-details.tsx TONE. */
const TONE: Record<ReceiptVerdict, string> = {
  verified:
    'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/50 dark:text-green-100',
  untrusted: AMBER,
  notRegistry: RED,
  invalidSignature: RED,
  malformed: RED,
};
const PANEL = 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';

const dateTime = (iso: string) => islandFormat.dateTime(iso) || iso;
const rt = (key: string, values?: Record<string, string>) => t(`receipt.${key}`, values);

/** receipt-details.tsx Row (with its print styles). */
const row = (label: string, ...value: Child[]) =>
  rowWith({ row: ' print:break-inside-avoid', label: ' print:text-black' }, label, ...value);
/** An identifier: left to right inside a right-to-left line (docs/i18n.md). */
const mono = (text: string) =>
  h('span', { dir: 'ltr', class: 'font-mono text-xs break-all' }, text);

/** receipt-details.tsx ConsentNow: the consent now, and the later receipt. */
function consentNow(status: ReceiptConsentStatus, receipt: ConsentReceiptView): HTMLElement {
  const since = dateTime(status.since);
  const givenAt = receipt.events.filter((event) => event.state === 'given').at(-1)?.at;
  const sentence =
    givenAt && status.value === 'withdrawn'
      ? rt('now.givenThenWithdrawn', { given: dateTime(givenAt), since })
      : givenAt && status.value === 'expired'
        ? rt('now.givenThenExpired', { given: dateTime(givenAt), since })
        : rt(`now.${status.value}`, { since });
  const later = status.later_receipt_id;
  return h(
    'section',
    {
      'aria-label': rt('state'),
      class: `rounded-2xl border p-5 print:border-black ${later ? AMBER : PANEL}`,
    },
    h('h3', { class: 'text-sm font-semibold tracking-wide uppercase' }, rt('state')),
    h('p', { class: 'mt-1 text-2xl font-bold' }, rt(`states.${status.value}`)),
    h('p', { class: 'mt-1' }, sentence),
    later && h('p', { class: 'mt-2 text-sm' }, rt('now.superseded')),
    later &&
      h(
        'a',
        {
          href: paths.verify.getHref(later),
          class: 'mt-3 inline-flex min-h-11 items-center font-semibold underline print:hidden',
        },
        rt('now.later'),
      ),
  );
}

/**
 * A language's own name (core's registry, as the language menu shows it), else its code, with
 * its `lang` and `dir` (lib/languages.tsx LanguageName).
 */
function languageName(code: string): HTMLElement {
  const entry = languageEntry(code);
  return h(
    'span',
    { lang: code, dir: entry?.dir ?? 'auto', class: 'endonym' },
    entry?.endonym ?? code,
  );
}

/** What the receipt records (receipt-details.tsx's contents section). */
function contents(
  receipt: ConsentReceiptView,
  issuerName: string,
  registeredVerifierId: string | null | undefined,
): HTMLElement {
  const state = (value: string | null) => (value ? rt(`states.${value}`) : rt('unknown'));
  // The island's reader reads English (verify-island-texts.ts).
  const fiduciary = fiduciaryNames(receipt, registeredVerifierId, 'en');
  return h(
    'section',
    {
      'aria-label': rt('contents'),
      class:
        'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900 print:border-0 print:p-0 print:shadow-none',
    },
    h('h3', { class: 'mb-2 text-lg font-semibold' }, rt('contents')),
    h(
      'dl',
      { class: 'divide-y divide-slate-100 text-sm dark:divide-slate-800' },
      row(rt('organisation'), fiduciary.shown),
      fiduciary.signed !== null && row(rt('organisationSigned'), h('bdi', null, fiduciary.signed)),
      receipt.dataFiduciary.contact && row(rt('grievanceContact'), receipt.dataFiduciary.contact),
      row(rt('purpose'), receipt.purpose.text),
      row(rt('recordedState'), state(receipt.state)),
      row(
        rt('items'),
        h(
          'ul',
          { class: 'text-end' },
          receipt.items.map((item) =>
            h(
              'li',
              null,
              item.label,
              item.source &&
                h(
                  'span',
                  { class: 'font-normal text-slate-600 dark:text-slate-400' },
                  ' ',
                  rt('from', { credential: item.source }),
                ),
            ),
          ),
        ),
      ),
      row(
        rt('events'),
        h(
          'ol',
          { class: 'text-end' },
          receipt.events.map((event) =>
            h('li', null, state(event.state), ': ', dateTime(event.at)),
          ),
        ),
      ),
      row(rt('legalBasis'), rt('consent')),
      row(rt('law'), rt('dpdp')),
      receipt.noticeLanguage &&
        row(
          rt('noticeLanguage'),
          // The language's own name, as the language menu shows it.
          languageName(receipt.noticeLanguage),
        ),
      receipt.withdrawAt &&
        row(
          rt('withdraw'),
          h('a', { href: receipt.withdrawAt, class: 'underline break-all' }, receipt.withdrawAt),
        ),
      row(rt('dataPrincipal'), mono(receipt.dataPrincipal)),
      receipt.presentationSha256 && row(rt('presentation'), mono(receipt.presentationSha256)),
      row(rt('id'), mono(receipt.receiptId)),
      row(rt('issued'), dateTime(receipt.issuedAt)),
      row(rt('issuer'), issuerName),
    ),
  );
}

/** receipt-details.tsx ReceiptDetails: the verdict, Print and Download JSON, the receipt. */
function receiptDetails(
  verdict: Verdict,
  document: Record<string, unknown>,
  consentStatus: ReceiptConsentStatus | undefined,
  registeredVerifierId: string | null | undefined,
): HTMLElement {
  const receipt = readReceiptInIsland(document);
  const shown = receiptVerdictOf(verdict, receipt);
  // An issuer the server does not trust is named by its identifier.
  const issuerName =
    shown === 'verified'
      ? (verdict.trust?.name ?? receipt?.issuer.name ?? verdict.trust?.issuer ?? '')
      : (verdict.trust?.issuer ?? receipt?.issuer.id ?? '');
  const action = (label: string, onClick: () => void) => button('min-h-11', onClick, {}, label);
  return h(
    'div',
    { class: 'space-y-6' },
    h(
      'div',
      { role: 'status', class: `flex items-start gap-3 rounded-2xl border p-5 ${TONE[shown]}` },
      icon(shown === 'verified' ? 'checkCircle' : 'info', 'mt-1 size-7 shrink-0'),
      h(
        'div',
        { class: 'min-w-0' },
        h('h2', { class: 'text-2xl font-bold' }, rt(`verdict.${shown}`)),
        h('p', { class: 'mt-1 break-words' }, rt(`verdict.${shown}Text`, { issuer: issuerName })),
        verdict.errors.length > 0 &&
          h(
            'ul',
            { class: 'mt-2 list-disc ps-5 text-sm break-words' },
            verdict.errors.map((error) => h('li', null, error)),
          ),
      ),
    ),
    h(
      'div',
      { class: 'flex flex-wrap gap-2 print:hidden' },
      action(rt('print'), () => window.print()),
      action(rt('download'), () =>
        downloadJson(`${receipt?.receiptId ?? 'credential'}.json`, document),
      ),
    ),
    receipt && consentStatus && shown === 'verified' && consentNow(consentStatus, receipt),
    receipt
      ? contents(receipt, issuerName, registeredVerifierId)
      : h(
          'p',
          {
            class:
              'rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900',
          },
          rt('notAReceipt', { issuer: issuerName }),
        ),
  );
}

/**
 * What the receipt page shows in place of the loading card for `outcome`: the receipt and its
 * verdict, 'Receipt not found', or 'Verification failed' with Try again (`retry`).
 */
export function receiptView(outcome: DocumentOutcome, retry: () => void): HTMLElement {
  if (outcome.kind === 'verdict') {
    return receiptDetails(
      outcome.verdict,
      outcome.document,
      outcome.consentStatus,
      outcome.registeredVerifierId,
    );
  }
  const notFound = outcome.kind === 'not_found';
  return h(
    'div',
    {
      role: 'status',
      class:
        'flex items-start gap-3 rounded-2xl border border-slate-300 bg-slate-50 p-5 text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
    },
    icon('info', 'mt-1 size-7 shrink-0'),
    h(
      'div',
      null,
      h('h2', { class: 'text-2xl font-bold' }, notFound ? rt('notFound') : t('failed')),
      h('p', { class: 'mt-1' }, notFound ? rt('notFoundText') : t('failedText')),
      outcome.kind === 'failed' && button('mt-3', retry, {}, t('retry')),
    ),
  );
}

/**
 * The receipt page `main` holds, prerendered (the receipt page's frame, web
 * src/app/prerender.tsx PRERENDERED_FRAMES, which the server sends for a receipt's id): the
 * page and its loading card; null when `main` holds another page (the credential page's frame,
 * e.g. from a server or build older than the receipt frame).
 */
export function prerenderedReceiptPage(
  main: HTMLElement,
): { page: HTMLElement; loading: HTMLElement } | null {
  const page = main.firstElementChild;
  const loading = page?.children[1];
  const title = page?.firstElementChild?.firstElementChild;
  return page instanceof HTMLElement &&
    loading instanceof HTMLElement &&
    page.children.length === 2 &&
    title?.tagName === 'H1' &&
    title.textContent === rt('title')
    ? { page, loading }
    : null;
}

/** The receipt page (receipt-page.tsx) with the loading card in the verdict's place. */
export function receiptPage(): { page: HTMLElement; loading: HTMLElement } {
  const loading = loadingCard();
  const page = h(
    'div',
    {
      class: 'mx-auto min-h-dvh max-w-4xl space-y-6 px-4 py-10 sm:px-6 print:min-h-0 print:py-0',
    },
    h(
      'div',
      null,
      h(
        'h1',
        {
          class:
            'text-sm font-semibold tracking-wide text-orange-700 uppercase dark:text-orange-400 print:text-black',
        },
        rt('title'),
      ),
      h('p', { class: 'mt-2 text-slate-700 dark:text-slate-300 print:text-black' }, rt('lead')),
    ),
    loading,
  );
  return { page, loading };
}
