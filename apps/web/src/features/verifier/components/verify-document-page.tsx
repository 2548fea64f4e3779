/**
 * /verify (issue 17): check a consent receipt or a W3C credential by its link or id, or by
 * pasting or uploading its JSON file. The page says what it was given (submitted-document.ts):
 * a consent receipt is checked by the server's W3C verifier (proof and trusted issuer) and shown
 * as a receipt, with its verdict and contents in the reader's language (ReceiptDetails); a W3C
 * credential is checked the same way and shown as a credential: issuer, holder name, its fields
 * masked as on the credential cards with a per-field reveal toggle, and the verdict
 * (SubmittedCredential); anything else is named an unknown document and sent nowhere. A link
 * or id opens its own page, /verify/{id}. "Scan offline QR" checks a credential's offline QR code
 * on the device, with no network (OfflineQrCheck).
 */
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { InfoIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { delay } from '@/lib/delay';
import { type SubmittedOutcome, verifySubmittedDocument } from '../api/verify-receipt';
import { VERIFY_DELAY_MS } from '../use-delayed-check';
import { LoadingCard } from './loading-card';
import { OfflineQrCheck } from './offline-qr-check';
import { ReceiptDetails } from './receipt-details';
import { SubmittedCredential } from './submitted-credential';

/** The id in a receipt link ('https://…/verify/receipt-…') or the id itself; '' for neither. */
export function idFromLink(value: string): string {
  const text = value.trim();
  const match = /\/verify\/([^/?#\s]+)/.exec(text);
  const id = match?.[1] ?? text;
  return /^[A-Za-z0-9_-]{1,128}$/.test(id) ? id : '';
}

/** The text of `file` (FileReader: every browser, and the test DOM, which lacks Blob.text). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** Largest file read (bytes): a receipt is a few kilobytes; the server takes at most 64 KiB. */
const MAX_FILE_BYTES = 64 * 1024;

export function VerifyDocumentPage() {
  const { t } = useTranslation('verifier');
  const navigate = useNavigate();
  const linkId = useId();
  const pasteId = useId();
  const fileId = useId();
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState(false);
  const [text, setText] = useState('');
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<SubmittedOutcome | null>(null);
  const [tooLarge, setTooLarge] = useState(false);

  const check = async (json: string) => {
    setChecking(true);
    setOutcome(null);
    const [result] = await Promise.all([verifySubmittedDocument(json), delay(VERIFY_DELAY_MS)]);
    setOutcome(result);
    setChecking(false);
  };

  const onOpen = (event: FormEvent) => {
    event.preventDefault();
    const id = idFromLink(link);
    setLinkError(id === '');
    if (id) void navigate(paths.verify.getHref(id));
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setTooLarge(file.size > MAX_FILE_BYTES);
    if (file.size > MAX_FILE_BYTES) return;
    const content = await readText(file);
    setText(content);
    await check(content);
  };

  const field =
    'w-full rounded-lg border border-slate-300 bg-white p-2 text-sm dark:border-slate-600 dark:bg-slate-900';

  return (
    <div className="mx-auto min-h-dvh max-w-4xl space-y-6 px-4 py-10 sm:px-6 print:min-h-0 print:py-0">
      <div className="print:hidden">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('document.title')}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t('document.lead')}</p>
      </div>

      <OfflineQrCheck />

      <form onSubmit={onOpen} className="space-y-2 print:hidden">
        <label htmlFor={linkId} className="block text-sm font-medium">
          {t('document.link')}
        </label>
        <div className="flex flex-wrap gap-2">
          <input
            id={linkId}
            value={link}
            onChange={(event) => setLink(event.target.value)}
            placeholder="receipt-…"
            // A link or an id is read and typed left to right, also in Urdu (docs/i18n.md).
            dir="ltr"
            aria-invalid={linkError}
            aria-describedby={linkError ? `${linkId}-error` : undefined}
            className={`${field} min-w-0 flex-1`}
          />
          <Button type="submit" size="sm" className="min-h-11">
            {t('document.open')}
          </Button>
        </div>
        {linkError && (
          <p id={`${linkId}-error`} className="text-sm text-red-700 dark:text-red-400">
            {t('document.badLink')}
          </p>
        )}
      </form>

      <form
        onSubmit={(event) => {
          event.preventDefault();
          void check(text);
        }}
        className="space-y-2 print:hidden"
      >
        <label htmlFor={pasteId} className="block text-sm font-medium">
          {t('document.paste')}
        </label>
        <textarea
          id={pasteId}
          value={text}
          rows={6}
          onChange={(event) => setText(event.target.value)}
          dir="ltr"
          className={`${field} font-mono`}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            size="sm"
            className="min-h-11"
            disabled={text.trim() === ''}
            loading={checking}
            loadingLabel={t('document.checking')}
          >
            {t('document.check')}
          </Button>
          <label htmlFor={fileId} className="text-sm font-medium">
            {t('document.upload')}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".json,application/json,application/ld+json"
            onChange={(event) => void onFile(event)}
            className="text-sm file:me-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium file:text-slate-800 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
          />
        </div>
        {tooLarge && (
          <p className="text-sm text-red-700 dark:text-red-400">{t('document.tooLarge')}</p>
        )}
      </form>

      {checking && <LoadingCard />}
      {(outcome?.kind === 'receipt' || outcome?.kind === 'credential') && (
        <p className="text-sm font-semibold tracking-wide text-orange-700 uppercase dark:text-orange-400 print:hidden">
          {t(`document.kind.${outcome.kind}`)}
        </p>
      )}
      {outcome?.kind === 'receipt' && (
        <ReceiptDetails
          verdict={outcome.verdict}
          document={outcome.document}
          consentStatus={outcome.consentStatus}
          registeredVerifierId={outcome.registeredVerifierId}
        />
      )}
      {outcome?.kind === 'credential' && (
        <SubmittedCredential verdict={outcome.verdict} credential={outcome.credential} />
      )}
      {outcome?.kind === 'unknown' && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-2xl border border-slate-300 bg-slate-50 p-5 dark:border-slate-700 dark:bg-slate-900"
        >
          <InfoIcon className="mt-1 size-7 shrink-0" />
          <div className="min-w-0">
            <h2 className="text-2xl font-bold">{t('document.unknownTitle')}</h2>
            <p className="mt-1">{t('document.unknownText')}</p>
          </div>
        </div>
      )}
      {(outcome?.kind === 'not_json' || outcome?.kind === 'failed') && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-2xl border border-slate-300 bg-slate-50 p-5 dark:border-slate-700 dark:bg-slate-900"
        >
          <InfoIcon className="mt-1 size-7 shrink-0" />
          <p>{outcome.kind === 'not_json' ? t('document.notJson') : t('failedText')}</p>
        </div>
      )}
    </div>
  );
}
