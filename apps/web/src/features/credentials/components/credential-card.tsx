/**
 * One credential (SPEC 2): its type's icon, name (in the UI language, from the document
 * catalogue), issuer, display status (SPEC 4) and, collapsed too, its document number masked
 * (issue 19); expands to its details (dates in the holder's format, claim labels from the
 * catalogue, subject fields masked as the list answers them, each identity number's eye asking
 * the server for its full value (DECISIONS 9.6), and the switch of the credential's public link
 * /verify/{id}); Show QR Code / Close QR, Share, Offline QR (offline-qr-dialog.tsx), Copy JSON,
 * Download JSON,
 * Download PDF and Delete (not for the permanent Basic Identity), and its share links ("2 active
 * links · 5 views", each withdrawable). The QR code holds the link the page hands it (`qrLink`: a share
 * link, or the bare link in local-only mode), short enough for any phone camera. `dragHandle` is
 * the reorder grip, when the card is sortable.
 *
 * A credential received from an issuer (`received`, DECISIONS 9) is named as the issuer names it:
 * its credential name, the issuer's display name, its claims under the issuer's labels
 * (`claim_labels`, nested claims by their dotted path); 'Not a trusted issuer' when the issuer is
 * not on the trust list; 'Waiting for the issuer' while issuance is deferred (state pending),
 * with no QR, share, copy or download until the credential arrives (Delete stays).
 *
 * Its status at the issuer (SPEC 8 status lists; docs/status-lists.md "The wallet"): Revoked or
 * Suspended in place of the display status, 'Status unknown' beside it, and the time of the last
 * check ('Checked 10:32'; another day's date; offline, the last known status with its date).
 * Opening the card asks the server to check when the check is due; "Check status" checks now.
 * While revoked or suspended, Share and Show QR Code are disabled with the plain reason.
 */
import {
  type CredentialRecord,
  credentialDisplayStatus,
  DOCUMENT_NUMBER_CLAIMS,
  findDocumentTypeByName,
  isStatusShareable,
  maskField,
  type ShareRecord,
} from '@pehchaan/core';
import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon, ClockIcon, ShareIcon, ShieldIcon } from '@/components/ui/icons';
import { Ltr } from '@/components/ui/ltr';
import { SubjectFields } from '@/components/ui/subject-fields';
import { Switch } from '@/components/ui/switch';
import { documentTypeName, issuerDisplayName } from '@/lib/document-labels';
import { fieldLabel } from '@/lib/format-claim';
import { useFormat } from '@/lib/preferences';
import { QR_OPTIONS, useQrCode } from '@/lib/qr-code';
import { toast } from '@/lib/toast';
import { useOnlineStatus } from '@/lib/use-online-status';
import { isAwaitingIssuer, isLocalOnly } from '../api/local-credentials';
import { DocumentTypeIcon } from './document-type-icon';
import { ShareLinks } from './share-links';

/** What the page knows of a credential's links. */
export interface CredentialLinks {
  /** Its share links, newest first. */
  shares: ShareRecord[];
  /** The link its QR code shows; null while the QR code is closed. */
  qrLink: string | null;
  /** The share being withdrawn, if any. */
  withdrawingId: string | null;
  /**
   * Its public link /verify/{id} (SPEC 2, DECISIONS 9.6): whether it answers, and whether a change
   * is on its way; null when the holder cannot change it here (a credential the server does not
   * know yet, or no API).
   */
  publicLink: { on: boolean; busy: boolean } | null;
}

export interface CredentialActions {
  linksOf: (credential: CredentialRecord) => CredentialLinks;
  onShowQr: (credential: CredentialRecord) => void;
  onCloseQr: (credential: CredentialRecord) => void;
  onWithdrawShare: (share: ShareRecord) => void;
  onShare: (credential: CredentialRecord) => void;
  onCopy: (credential: CredentialRecord) => void;
  onDownload: (credential: CredentialRecord) => void;
  /** Download PDF, with the identity numbers the card shows in full (by field). */
  onDownloadPdf: (
    credential: CredentialRecord,
    shownInFull: Readonly<Record<string, string>>,
  ) => void;
  onDelete: (credential: CredentialRecord) => void;
  /**
   * The full value of one of its identity numbers (the list holds them masked), or null when it
   * could not be had (the page told the holder why); null instead of a function: none can be.
   */
  revealOf: (credential: CredentialRecord) => ((field: string) => Promise<string | null>) | null;
  onSetPublicLink: (credential: CredentialRecord, on: boolean) => void;
  /**
   * Opens the card's Offline QR (docs/offline-verification.md); absent where no code can be made
   * (no API). The card offers it only for a credential with an SD-JWT VC the server holds.
   */
  onOfflineQr?: (credential: CredentialRecord) => void;
  /**
   * Checks the credential's status at its issuer (`ifDue`: only when the list's ttl has passed,
   * as when the card is opened); null instead of a function: it cannot be checked here (no API,
   * or a credential the server does not know yet).
   */
  checkStatusOf: (
    credential: CredentialRecord,
  ) => { check: (ifDue: boolean) => void; busy: boolean } | null;
}

const ISSUER_STATUS_CLASSES = {
  revoked: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  suspended: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  unknown: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
} as const;

/** The day of an instant in the holder's time zone, to tell today's checks from older ones. */
function sameDay(a: string, b: number, day: (value: string | number) => string): boolean {
  return day(a) === day(b);
}

/**
 * The status at the issuer as the card shows it: a badge for revoked, suspended and unknown
 * (none for valid: the display status says it) and the time of the last check.
 */
export function IssuerStatus({ credential, now }: { credential: CredentialRecord; now: number }) {
  const { t } = useTranslation('credentials');
  const format = useFormat();
  const online = useOnlineStatus();
  const { value, checked_at: checkedAt } = credential.status;
  const checked =
    checkedAt === null
      ? t('issuerStatus.notChecked')
      : !online
        ? t('issuerStatus.lastKnown', { date: format.dateTime(checkedAt) })
        : sameDay(checkedAt, now, format.date)
          ? t('issuerStatus.checkedAt', { time: format.time(checkedAt) })
          : t('issuerStatus.checkedOn', { date: format.date(checkedAt) });
  return (
    <>
      {value !== 'valid' && (
        <span
          data-status={value}
          className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${ISSUER_STATUS_CLASSES[value]}`}
        >
          {t(`issuerStatus.${value}`)}
        </span>
      )}
      <span className="self-center text-xs text-slate-600 dark:text-slate-400">
        <span className="sr-only">{t('issuerStatus.label')}: </span>
        {value === 'valid' && <span className="sr-only">{t('issuerStatus.valid')}, </span>}
        {checked}
      </span>
    </>
  );
}

const STATUS_CLASSES = {
  permanent: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
  expired: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  expiring: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  valid: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
} as const;

/** The document's own number (DOCUMENT_NUMBER_CLAIMS), masked as SPEC 5 masks it; null if none. */
function documentNumber(credential: CredentialRecord): { claim: string; masked: string } | null {
  const type = findDocumentTypeByName(credential.credential_subject.document_type);
  const claim = type ? DOCUMENT_NUMBER_CLAIMS[type.key] : null;
  const value = claim ? credential.credential_subject[claim] : undefined;
  if (!claim || typeof value !== 'string' || value === '') return null;
  return { claim, masked: String(maskField(claim, value)) };
}

/**
 * A credential's name in `language`: a received one's as its issuer names it, else its
 * document type's (from the catalogue).
 */
export function credentialDisplayName(credential: CredentialRecord, language: string): string {
  return (
    credential.received?.name ??
    documentTypeName(credential.credential_subject.document_type, language)
  );
}

/**
 * A received credential's subject with nested objects spread into dotted claim paths
 * ('address.locality'), the keys its `claim_labels` use; lists and values stay as they are.
 */
export function flattenClaims(
  subject: Record<string, unknown>,
  prefix = '',
  into: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const [key, value] of Object.entries(subject)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      flattenClaims(value as Record<string, unknown>, path, into);
    } else {
      into[path] = value;
    }
  }
  return into;
}

export function CredentialCard({
  credential,
  actions,
  dragHandle,
  now,
}: {
  credential: CredentialRecord;
  actions: CredentialActions;
  dragHandle?: ReactNode;
  /** The instant statuses are judged at (epoch ms); the clock by default. */
  now?: number;
}) {
  const { t, i18n } = useTranslation('credentials');
  const [expanded, setExpanded] = useState(false);
  const statusCheck = actions.checkStatusOf(credential);
  // Revoked or suspended by its issuer: not shared (the server refuses too).
  const unshareable = !isStatusShareable(credential.status);
  const unshareableId = useId();
  const issuerValue = credential.status.value;
  /** Identity numbers revealed on this card, while they show (memory only). */
  const shownInFull = useRef<Record<string, string>>({});
  const links = actions.linksOf(credential);
  const qrLink = links.qrLink;
  const detailsId = useId();
  const titleId = useId();
  const documentType = credential.credential_subject.document_type;
  const received = credential.received;
  const waiting = received?.state === 'pending';
  const name = credentialDisplayName(credential, i18n.language);
  const issuerName = received
    ? received.issuer_name
    : issuerDisplayName(credential.issuer, i18n.language);
  const status = credentialDisplayStatus(credential, now ?? Date.now());
  // A received credential is the issuer's as issued (an SD-JWT VC has no Data Integrity proof).
  const awaiting = !received && isAwaitingIssuer(credential);
  const format = useFormat();
  const number = documentNumber(credential);
  const publicLinkId = useId();

  const onQrError = useCallback(() => toast.error(t('toast.qrFailed')), [t]);
  const qr = useQrCode(qrLink, onQrError);

  const toggleQr = () => (qrLink ? actions.onCloseQr(credential) : actions.onShowQr(credential));
  // An offline QR carries an SD-JWT VC: the product's cards have one, a received credential when
  // its issuer issued that form.
  const offlineQr =
    actions.onOfflineQr !== undefined &&
    !isLocalOnly(credential) &&
    !awaiting &&
    received?.format !== 'ldp_vc';

  return (
    <article
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start gap-2 p-4 sm:gap-3 sm:p-5">
        {dragHandle}
        <DocumentTypeIcon documentType={documentType} />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold text-slate-900 dark:text-white">
            {name}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{issuerName}</p>
          {number && (
            <p className="mt-1 text-sm">
              <span className="sr-only">{fieldLabel(number.claim, i18n.language)}: </span>
              <Ltr className="font-mono tracking-wide text-slate-800 dark:text-slate-200">
                {number.masked}
              </Ltr>
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            {waiting ? (
              <span
                title={t('received.waitingHint')}
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
              >
                <ClockIcon className="size-3.5" />
                {t('received.waiting')}
              </span>
            ) : (
              <>
                {!unshareable && (
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_CLASSES[status]}`}
                  >
                    {t(`status.${status}`)}
                  </span>
                )}
                <IssuerStatus credential={credential} now={now ?? Date.now()} />
              </>
            )}
            {received && !received.trusted && (
              <span
                title={t('received.notTrustedHint')}
                className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200"
              >
                <ShieldIcon className="size-3.5" />
                {t('received.notTrusted')}
              </span>
            )}
            {awaiting && (
              <span
                title={t('awaitingIssuerHint')}
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
              >
                <ClockIcon className="size-3.5" />
                {t('awaitingIssuer')}
              </span>
            )}
          </div>
        </div>
        <button
          type="button"
          onClick={() => {
            // Opening the card checks its status when the check is due (the list's ttl);
            // closing it masks its fields again (SubjectFields unmounts).
            if (!expanded) statusCheck?.check(true);
            if (expanded) shownInFull.current = {};
            setExpanded(!expanded);
          }}
          aria-expanded={expanded}
          aria-controls={detailsId}
          aria-label={t(expanded ? 'hideDetails' : 'showDetails', { name })}
          className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-orange-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <ChevronDownIcon
            className={`size-5 transition-transform motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`}
          />
        </button>
      </div>

      {expanded && (
        <div
          id={detailsId}
          className="border-t border-slate-100 px-4 py-3 sm:px-5 dark:border-slate-800"
        >
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="text-slate-600 dark:text-slate-400">{t('fields.id')}</dt>
              <dd className="font-mono text-xs break-all">
                <Ltr>{credential.id}</Ltr>
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('fields.issuer')}</dt>
              <dd className={received ? 'font-medium break-all' : 'font-medium'}>
                {received ? (
                  <>
                    {received.issuer_name}
                    <span className="block font-mono text-xs font-normal">
                      <Ltr>{received.credential_issuer}</Ltr>
                    </span>
                  </>
                ) : (
                  issuerName
                )}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('fields.issued')}</dt>
              <dd className="font-medium">{format.date(credential.issuance_date)}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t('fields.expires')}</dt>
              <dd className="font-medium">
                {credential.expiration_date
                  ? format.date(credential.expiration_date)
                  : t('fields.never')}
              </dd>
            </div>
          </dl>
          <h3 className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">
            {t('fields.subject')}
          </h3>
          <SubjectFields
            subject={
              received
                ? flattenClaims(credential.credential_subject)
                : credential.credential_subject
            }
            reveal={actions.revealOf(credential)}
            labels={received?.claim_labels}
            onShownInFull={(field, value) => {
              const { [field]: _, ...rest } = shownInFull.current;
              shownInFull.current = value === null ? rest : { ...rest, [field]: value };
            }}
          />
          {waiting && (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {t('received.waitingHint')}
            </p>
          )}
          {awaiting && (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {t('awaitingIssuerHint')}
            </p>
          )}
          {links.publicLink && !received && (
            <div className="mt-4 flex flex-wrap items-start justify-between gap-x-4 gap-y-1 rounded-xl border border-slate-200 p-3 dark:border-slate-700">
              <div className="min-w-0 flex-1 basis-60">
                <p
                  id={`${publicLinkId}-label`}
                  className="text-sm font-semibold text-slate-900 dark:text-white"
                >
                  {t('publicLink.label')}
                </p>
                <p
                  id={`${publicLinkId}-hint`}
                  className="mt-0.5 text-sm text-slate-600 dark:text-slate-400"
                >
                  {links.publicLink.on ? t('publicLink.hintOn') : t('publicLink.hintOff')}
                </p>
              </div>
              <Switch
                checked={links.publicLink.on}
                onChange={(on) => actions.onSetPublicLink(credential, on)}
                stateText={links.publicLink.on ? t('publicLink.on') : t('publicLink.off')}
                labelledBy={`${publicLinkId}-label`}
                describedBy={`${publicLinkId}-hint`}
                disabled={links.publicLink.busy}
              />
            </div>
          )}
        </div>
      )}

      {qr && (
        <div className="flex flex-col items-center gap-2 border-t border-slate-100 px-4 py-4 dark:border-slate-800">
          <img
            src={qr}
            dir="ltr"
            width={QR_OPTIONS.width}
            height={QR_OPTIONS.width}
            alt={t('qrAlt', { name })}
            className="rounded-lg bg-white"
          />
          {qrLink && (
            <p className="max-w-full text-center text-xs text-slate-600 dark:text-slate-400">
              {t('qrHint')} <Ltr className="font-mono break-all">{qrLink}</Ltr>
            </p>
          )}
        </div>
      )}

      <ShareLinks
        shares={links.shares}
        withdrawingId={links.withdrawingId}
        onWithdraw={actions.onWithdrawShare}
      />

      {unshareable && !waiting && (
        <p
          id={unshareableId}
          role="note"
          className="border-t border-slate-100 px-4 py-3 text-sm text-red-800 sm:px-5 dark:border-slate-800 dark:text-red-300"
        >
          {t(issuerValue === 'revoked' ? 'issuerStatus.revokedHint' : 'issuerStatus.suspendedHint')}
        </p>
      )}

      <div className="flex flex-wrap gap-2 border-t border-slate-100 px-4 py-3 sm:px-5 dark:border-slate-800">
        {!waiting && (
          <>
            {/* Share links and their QR carry the product's signed documents; a received
                credential is shared as issued, over OpenID4VP when an organisation asks. */}
            {!received && (
              <>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={toggleQr}
                  aria-expanded={qrLink !== null}
                  disabled={unshareable && qrLink === null}
                  aria-describedby={unshareable ? unshareableId : undefined}
                >
                  {qrLink ? t('closeQr') : t('showQr')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => actions.onShare(credential)}
                  disabled={unshareable}
                  aria-describedby={unshareable ? unshareableId : undefined}
                >
                  <ShareIcon className="size-4" />
                  {t('share')}
                </Button>
              </>
            )}
            {offlineQr && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => actions.onOfflineQr?.(credential)}
              >
                {t('offlineQr.button')}
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={() => actions.onCopy(credential)}>
              {t('copyJson')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => actions.onDownload(credential)}>
              {/* A received SD-JWT VC is saved as issued (.sd-jwt), not as JSON. */}
              {received && received.format !== 'ldp_vc' ? t('downloadSdJwt') : t('downloadJson')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => actions.onDownloadPdf(credential, { ...shownInFull.current })}
            >
              {t('downloadPdf')}
            </Button>
            {statusCheck && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => statusCheck.check(false)}
                disabled={statusCheck.busy}
              >
                {statusCheck.busy ? t('issuerStatus.checking') : t('issuerStatus.check')}
              </Button>
            )}
          </>
        )}
        {!credential.permanent && (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50 sm:ms-auto dark:text-red-400 dark:hover:bg-red-950"
            onClick={() => actions.onDelete(credential)}
          >
            {t('delete')}
          </Button>
        )}
      </div>
    </article>
  );
}
