/**
 * The /credentials screen (SPEC 2): 'Verifiable Credentials' with the count, Add Credentials and
 * Refresh; SPEC 2's Debug, Clear Notifications and Add Test Log in the page's collapsed
 * Developer tools panel (issue 19); the cards in the holder's order, each
 * with its details, QR code, share, copy, download, delete and its share links. Share and Show
 * QR Code ask which fields to disclose, for how long and how many views (ShareDialog), make a
 * share link on the server and hand it to the device share sheet or clipboard, or show it as
 * the QR code; offline they say a link needs the server. The server logs each link it makes
 * (and its withdrawal); Copy JSON and the downloads are logged through the server too, as the
 * holder's own entries (api/log-activity.ts). In local-only mode (VITE_USE_API=false)
 * both use the bare link /verify/{credentialId}, which shows only masked data. Copy JSON copies
 * that bare link's SPEC 3 payload, identifiers masked. Data comes from the API with the
 * browser-storage fallback; a credential generated while the API is unreachable is kept locally
 * without a proof ('Awaiting issuer') and issued for real by the outbox once the API answers
 * (lib/sync/outbox.ts); the outbox then invalidates the list's query, which reloads it.
 * DECISIONS 9.6: the list holds identity numbers masked; a card's eye asks the server for one
 * (api/reveal-credential-field.ts: logged, limited, kept in the card's memory only), and a card's
 * switch turns its public link /verify/{id} on or off (api/set-public-link.ts). A share shows
 * them masked unless the holder chose a full value in the dialog, after its warning.
 * DECISIONS 9: "Add from an issuer" receives a credential from any OpenID4VCI issuer
 * (ReceiveOfferDialog: scan or paste the offer, review, code, accept); an offer opened at
 * /receive arrives as `offerId` and opens on its review.
 */
import {
  type CredentialRecord,
  type DocumentType,
  findDocumentTypeByName,
  type ShareRecord,
} from '@pehchaan/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeaderIndicators } from '@/components/layouts/header-indicators';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DeveloperTools } from '@/components/ui/developer-tools';
import { QrCodeIcon, RefreshIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { hasProblemCode, isApiUnavailable } from '@/lib/api-client';
import { credentialGeneratedText } from '@/lib/credential-generated';
import { delay } from '@/lib/delay';
import { documentTypeName } from '@/lib/document-labels';
import { downloadFile, downloadJson } from '@/lib/download-file';
import type { DataSource } from '@/lib/local-fallback';
import { useFormat } from '@/lib/preferences';
import { problemMessage } from '@/lib/problem-message';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { isFailedLoad, useFallbackToast } from '@/lib/use-fallback-toast';
import { useOnlineStatus } from '@/lib/use-online-status';
import { checkCredentialStatus } from '../api/check-credential-status';
import { createLocalCredential, localReveal } from '../api/create-local-credential';
import { createPrintPresentation } from '../api/create-print-presentation';
import { createShare } from '../api/create-share';
import { deleteCredential } from '../api/delete-credential';
import { generateCredential } from '../api/generate-credential';
import { getCredentialDocument, getIssuedCredentialFile } from '../api/get-credential-document';
import { getCredentialsQueryOptions } from '../api/get-credentials';
import { getSharesQueryOptions } from '../api/get-shares';
import { isLocalOnly } from '../api/local-credentials';
import { logCredentialActivity, logLocalShare, logTestEntry } from '../api/log-activity';
import { revealCredentialField } from '../api/reveal-credential-field';
import { saveCredentialOrder } from '../api/save-credential-order';
import { setPublicLink } from '../api/set-public-link';
import { withdrawShare } from '../api/withdraw-share';
import { credentialFileName } from '../credential-files';
import { credentialPdfContent, type PdfQrSource, printedQrFields } from '../credential-pdf-content';
import { buildQrPayload, verificationUrl } from '../qr-payload';
import { AddCredentialMenu } from './add-credential-menu';
import { type CredentialActions, credentialDisplayName } from './credential-card';
import { DebugPanel } from './debug-panel';
import { OfflineQrDialog } from './offline-qr-dialog';
import { PdfDialog } from './pdf-dialog';
import { ReceiveOfferDialog } from './receive-offer-dialog';
import { type ShareChoice, ShareDialog } from './share-dialog';
import { SortableCredentialList } from './sortable-credential-list';

/** SPEC 9: the simulated delay before a deletion is sent. */
export const DELETE_DELAY_MS = 100;

/** The catalogue keys of the types in `credentials` (for disabling held types). */
export function heldDocumentKeys(credentials: readonly CredentialRecord[]): Set<string> {
  const keys = new Set<string>();
  for (const c of credentials) {
    const type =
      findDocumentTypeByName(c.credential_subject.document_type) ??
      c.type.map(findDocumentTypeByName).find((d) => d !== undefined);
    if (type) keys.add(type.key);
  }
  return keys;
}

/** Permanent credentials first, then the given order. */
function permanentFirst(list: readonly CredentialRecord[]): CredentialRecord[] {
  return [...list.filter((c) => c.permanent), ...list.filter((c) => !c.permanent)];
}

/** What the share dialog was opened for: a link to send, or a link to show as the QR code. */
/** A Download PDF in progress: the card, and the identity numbers it shows in full. */
interface PdfRequest {
  credential: CredentialRecord;
  shownInFull: Readonly<Record<string, string>>;
}

interface ShareRequest {
  credential: CredentialRecord;
  purpose: 'share' | 'qr';
}

function errorText(error: unknown): string | null {
  if (error === undefined) return null;
  return error instanceof Error ? error.message : String(error);
}

export function CredentialsPage({
  userId,
  offerId = null,
  onOfferClosed,
}: {
  userId: string;
  /** An issuer's offer received at /receive: its review opens over the list. */
  offerId?: string | null;
  /** Called when that offer's dialog closes (the route drops it from the address). */
  onOfferClosed?: () => void;
}) {
  const { t, i18n } = useTranslation('credentials');
  const format = useFormat();
  const { clearAll } = useHeaderIndicators();
  const queryClient = useQueryClient();
  const credentialsQuery = getCredentialsQueryOptions(userId);
  const { data: result, isPending: loading, refetch } = useQuery(credentialsQuery);
  const credentials = useMemo(() => permanentFirst(result?.data ?? []), [result]);
  const source: DataSource | null = result?.source ?? null;
  const lastError = errorText(result?.error);
  const [refreshing, setRefreshing] = useState(false);
  const [showDebug, setShowDebug] = useState(false);
  const [toDelete, setToDelete] = useState<CredentialRecord | null>(null);
  const [shareRequest, setShareRequest] = useState<ShareRequest | null>(null);
  const [offlineQrFor, setOfflineQrFor] = useState<CredentialRecord | null>(null);
  const [receiving, setReceiving] = useState(false);
  const [pdfRequest, setPdfRequest] = useState<PdfRequest | null>(null);
  const [makingPdf, setMakingPdf] = useState(false);
  /** Credential id -> the link its open QR code shows. */
  const [qrLinks, setQrLinks] = useState<Record<string, string>>({});
  const online = useOnlineStatus();
  const sharesQuery = getSharesQueryOptions(userId);
  const { data: shares } = useQuery(sharesQuery);
  useFallbackToast(result, t('toast.loadFailed'));

  const reload = () => queryClient.invalidateQueries({ queryKey: credentialsQuery.queryKey });
  /** Shows `list` at once (the cache entry keeps its source). */
  const show = (update: (list: CredentialRecord[]) => CredentialRecord[]) =>
    queryClient.setQueryData(credentialsQuery.queryKey, (current) =>
      current ? { ...current, data: update(current.data) } : current,
    );
  const activityChanged = () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.activityLogs(userId) });

  const held = useMemo(() => heldDocumentKeys(credentials), [credentials]);

  const generate = useMutation({
    mutationFn: (type: DocumentType) => generateCredential({ userId, documentType: type.key }),
    onSuccess: async (answer) => {
      toast.success(credentialGeneratedText(answer));
      await reload();
    },
    onError: async (error, type) => {
      if (isApiUnavailable(error)) {
        const record = createLocalCredential(userId, type);
        if (record) {
          show((list) => [...list, record]);
          toast.success(
            t('toast.savedLocally', { name: documentTypeName(type.key, i18n.language) }),
          );
        } else {
          toast.error(t('toast.saveLocalFailed'));
        }
      } else if (hasProblemCode(error, 'duplicate_document')) {
        // SPEC 8: 'You already have a {document type}. ...', in the holder's language with the
        // document's name in it (lib/problem-message.ts; the server's English `detail` is not shown).
        toast.error(
          problemMessage(error, { documentName: documentTypeName(type.key, i18n.language) }),
        );
        await reload();
      } else {
        toast.error(t('toast.generateFailed'));
      }
    },
  });
  const onAdd = (type: DocumentType) => generate.mutate(type);

  const onRefresh = async () => {
    setRefreshing(true);
    const { data } = await refetch();
    setRefreshing(false);
    if (data?.source === 'api') toast.success(t('toast.refreshed'));
    else if (isFailedLoad(data)) toast.error(t('toast.loadFailed'));
  };

  // The header's Clear All (SPEC 4): stamps credentials, consent requests and logs as viewed on
  // the server and in browser storage, and toasts 'All notifications cleared'.
  const onClearNotifications = () => void clearAll();

  const onAddTestLog = async () => {
    const where = await logTestEntry({ userId });
    activityChanged();
    if (where === 'api') toast.success(t('toast.testLogAdded'));
    else if (where === 'localStorage') toast.success(t('toast.testLogAddedLocally'));
    else toast.error(t('toast.saveLocalFailed'));
  };

  /** Logs a copy or download of `credential` made on this device. */
  const record = (
    type: 'credential_copied' | 'credential_downloaded',
    credential: CredentialRecord,
  ) => void logCredentialActivity({ userId, credential, type }).then(activityChanged);

  /**
   * Hands `url` to the device share sheet, else the clipboard, with SPEC 8's toasts. A share link
   * made on the server was logged there when it was made; a bare link (local-only mode) is
   * logged in this browser.
   */
  const deliver = async (credential: CredentialRecord, url: string, bare = false) => {
    const name = credential.credential_subject.document_type;
    try {
      let shared = false;
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title: name, text: name, url });
          shared = true;
        } catch (error) {
          // The sheet needs a fresh tap; after the server's answer it may refuse: copy instead.
          if (!(error instanceof DOMException && error.name === 'NotAllowedError')) throw error;
        }
      }
      if (shared) {
        toast.success(t('toast.shared'));
      } else {
        await navigator.clipboard.writeText(url);
        toast.success(t('toast.linkCopied'));
      }
      if (bare) {
        logLocalShare({ userId, credential });
        activityChanged();
      }
    } catch (error) {
      // The holder closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.error(t('toast.shareFailed'));
    }
  };

  const makeShare = useMutation({
    mutationFn: ({ request, choice }: { request: ShareRequest; choice: ShareChoice }) =>
      createShare({
        userId,
        body: {
          credential_id: request.credential.id,
          fields: choice.fields,
          ...(choice.fullValues.length > 0 ? { full_values: choice.fullValues } : {}),
          lifetime: choice.lifetime,
          max_views: choice.maxViews,
        },
      }),
    onSuccess: async (share, { request }) => {
      setShareRequest(null);
      void queryClient.invalidateQueries({ queryKey: sharesQuery.queryKey });
      // The server logged the link it made (whichever button asked for it).
      activityChanged();
      if (request.purpose === 'qr') {
        setQrLinks((links) => ({ ...links, [request.credential.id]: share.url }));
      } else {
        await deliver(request.credential, share.url);
      }
    },
    onError: (error) => {
      // Revoked or suspended at the issuer since the list was read: say so and show it.
      if (
        hasProblemCode(error, 'credential_revoked') ||
        hasProblemCode(error, 'credential_suspended')
      ) {
        setShareRequest(null);
        toast.error(
          t(
            hasProblemCode(error, 'credential_revoked')
              ? 'issuerStatus.revokedHint'
              : 'issuerStatus.suspendedHint',
          ),
        );
        void reload();
        return;
      }
      toast.error(
        isApiUnavailable(error)
          ? t('toast.shareOffline')
          : hasProblemCode(error, 'data_sharing_off')
            ? t('toast.dataSharingOff')
            : t('toast.shareFailed'),
      );
    },
  });

  /** A status check (docs/status-lists.md "The wallet"): the card shows what it found. */
  const statusCheck = useMutation({
    mutationFn: ({ credential, ifDue }: { credential: CredentialRecord; ifDue: boolean }) =>
      checkCredentialStatus({ userId, credentialId: credential.id, ifDue }),
    onSuccess: (status, { credential, ifDue }) => {
      const before = credential.status.value;
      show((list) => list.map((c) => (c.id === credential.id ? { ...c, status } : c)));
      // A change seen was logged by the server (and shows in the bell).
      if (status.value !== before) activityChanged();
      if (!ifDue) toast.success(t(`issuerStatus.checked.${status.value}`));
    },
    onError: (error, { ifDue }) => {
      // Opening a card checks quietly; only the holder's own "Check status" hears of a failure.
      if (ifDue) return;
      toast.error(
        isApiUnavailable(error)
          ? t('issuerStatus.checkOffline')
          : hasProblemCode(error, 'rate_limited')
            ? t('issuerStatus.checkLimited')
            : t('issuerStatus.checkFailed'),
      );
    },
  });

  const withdraw = useMutation({
    mutationFn: (share: ShareRecord) => withdrawShare({ userId, shareId: share.id }),
    onSuccess: (share) => {
      toast.success(t('toast.linkWithdrawn'));
      activityChanged();
      setQrLinks((links) =>
        Object.fromEntries(Object.entries(links).filter(([, url]) => url !== share.url)),
      );
      void queryClient.invalidateQueries({ queryKey: sharesQuery.queryKey });
    },
    onError: () => toast.error(t('toast.withdrawFailed')),
  });

  const publicLink = useMutation({
    mutationFn: ({ credential, on }: { credential: CredentialRecord; on: boolean }) =>
      setPublicLink({ userId, credentialId: credential.id, enabled: on }),
    onSuccess: (on, { credential }) => {
      show((list) => list.map((c) => (c.id === credential.id ? { ...c, public_link: on } : c)));
      toast.success(t(on ? 'toast.publicLinkOn' : 'toast.publicLinkOff'));
      void reload();
    },
    onError: (error) =>
      toast.error(
        isApiUnavailable(error) ? t('toast.publicLinkOffline') : t('toast.publicLinkFailed'),
      ),
  });

  /** One identity number in full from the server, or null after saying why not. */
  const reveal = async (credential: CredentialRecord, field: string) => {
    try {
      const value = await revealCredentialField({ userId, credentialId: credential.id, field });
      // The server logged the reveal.
      activityChanged();
      return value;
    } catch (error) {
      toast.error(
        isApiUnavailable(error)
          ? t('toast.revealOffline')
          : hasProblemCode(error, 'rate_limited')
            ? t('toast.revealLimited')
            : t('toast.revealFailed'),
      );
      return null;
    }
  };

  const bareLink = (credential: CredentialRecord) =>
    verificationUrl(window.location.origin, credential.id);

  const actions: CredentialActions = {
    linksOf: (credential) => ({
      shares: (shares ?? []).filter((s) => s.credential_id === credential.id),
      qrLink: qrLinks[credential.id] ?? null,
      withdrawingId: withdraw.isPending ? (withdraw.variables?.id ?? null) : null,
      publicLink:
        env.USE_API && !isLocalOnly(credential)
          ? {
              on: credential.public_link !== false,
              busy: publicLink.isPending && publicLink.variables?.credential.id === credential.id,
            }
          : null,
    }),
    revealOf: (credential) =>
      env.USE_API && !isLocalOnly(credential)
        ? (field: string) => reveal(credential, field)
        : localReveal(credential),
    onSetPublicLink: (credential, on) => publicLink.mutate({ credential, on }),
    checkStatusOf: (credential) =>
      env.USE_API && !isLocalOnly(credential) && credential.received?.state !== 'pending'
        ? {
            check: (ifDue) => statusCheck.mutate({ credential, ifDue }),
            busy:
              statusCheck.isPending &&
              !statusCheck.variables?.ifDue &&
              statusCheck.variables?.credential.id === credential.id,
          }
        : null,
    onShowQr: (credential) => {
      // Local-only mode: the bare link, which shows only masked data.
      if (!env.USE_API)
        setQrLinks((links) => ({ ...links, [credential.id]: bareLink(credential) }));
      else setShareRequest({ credential, purpose: 'qr' });
    },
    onCloseQr: (credential) =>
      setQrLinks((links) =>
        Object.fromEntries(Object.entries(links).filter(([id]) => id !== credential.id)),
      ),
    onWithdrawShare: (share) => withdraw.mutate(share),
    onShare: (credential) => {
      if (!env.USE_API) void deliver(credential, bareLink(credential), true);
      else setShareRequest({ credential, purpose: 'share' });
    },
    onCopy: async (credential) => {
      try {
        const payload = buildQrPayload(credential, window.location.origin);
        await navigator.clipboard.writeText(JSON.stringify(payload, null, 2));
        toast.success(t('toast.jsonCopied'));
        record('credential_copied', credential);
      } catch {
        toast.error(t('toast.copyFailed'));
      }
    },
    onDownload: async (credential) => {
      try {
        // A received credential is saved exactly as its issuer issued it.
        const issued = await getIssuedCredentialFile(credential);
        const saved = issued
          ? downloadFile(
              credentialFileName(credential, issued.extension),
              issued.content,
              issued.mediaType,
            )
          : downloadJson(
              credentialFileName(credential, 'json'),
              await getCredentialDocument(credential),
            );
        if (!saved) throw new Error('No download');
        toast.success(t('toast.downloaded'));
        record('credential_downloaded', credential);
      } catch {
        toast.error(t('toast.downloadFailed'));
      }
    },
    onDownloadPdf: (credential, shownInFull) => setPdfRequest({ credential, shownInFull }),
    onDelete: (credential) => setToDelete(credential),
    // The offline QR is signed by the holder's key on the server (docs/offline-verification.md).
    ...(env.USE_API
      ? { onOfflineQr: (credential: CredentialRecord) => setOfflineQrFor(credential) }
      : {}),
  };

  /**
   * Makes and saves the PDF of the ticked fields (DECISIONS 9.5): the offline QR code of a
   * printed copy from the server when it can be reached, else the PDF without one, saying why.
   */
  const makePdf = async (request: PdfRequest, fields: string[]) => {
    const { credential, shownInFull } = request;
    setMakingPdf(true);
    try {
      const inCode = printedQrFields(fields, shownInFull);
      let qr: PdfQrSource = { kind: 'none' };
      if (inCode.fields.length > 0) {
        if (!online || !env.USE_API || isLocalOnly(credential)) qr = { kind: 'offline' };
        else {
          try {
            const presentation = await createPrintPresentation({
              userId,
              credentialId: credential.id,
              ...inCode,
            });
            qr = { kind: 'presentation', presentation };
          } catch (error) {
            qr = { kind: isApiUnavailable(error) ? 'offline' : 'failed' };
          }
        }
      }
      const content = credentialPdfContent(credential, {
        t,
        language: i18n.language,
        format,
        fields,
        revealed: shownInFull,
        qr,
        now: Date.now(),
      });
      // The PDF writer and its fonts are loaded on the first PDF download only.
      const [{ buildCredentialPdf }, { browserPdfFonts }] = await Promise.all([
        import('../credential-pdf'),
        import('../pdf-fonts'),
      ]);
      const pdf = await buildCredentialPdf(content, browserPdfFonts);
      const blob = new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
      if (!downloadFile(credentialFileName(credential, 'pdf'), blob, 'application/pdf')) {
        throw new Error('No download');
      }
      setPdfRequest(null);
      if (qr.kind === 'offline') toast(t('toast.pdfWithoutQr'));
      else toast.success(t('toast.downloadedPdf'));
      record('credential_downloaded', credential);
    } catch {
      toast.error(t('toast.downloadFailed'));
    } finally {
      setMakingPdf(false);
    }
  };

  const remove = useMutation({
    mutationFn: async (credential: CredentialRecord) => {
      await delay(DELETE_DELAY_MS);
      await deleteCredential({ userId, credentialId: credential.id });
    },
    onSuccess: (_, credential) => {
      show((list) => list.filter((c) => c.id !== credential.id));
      toast.success(t('toast.deleted'));
      setToDelete(null);
    },
    onError: () => toast.error(t('toast.deleteFailed')),
  });
  const confirmDelete = () => {
    if (toDelete) remove.mutate(toDelete);
  };

  const onReorder = async (ordered: CredentialRecord[]) => {
    show(() => ordered);
    const stored = await saveCredentialOrder({ userId, orderedIds: ordered.map((c) => c.id) });
    if (!stored && source === 'api') toast(t('toast.orderSavedLocally'));
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
            {loading ? t('title') : t('titleWithCount', { count: credentials.length })}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <AddCredentialMenu heldKeys={held} onSelect={onAdd} busy={generate.isPending} />
          <Button variant="secondary" onClick={() => setReceiving(true)} aria-haspopup="dialog">
            <QrCodeIcon className="size-4" />
            {t('receive.button')}
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={onRefresh}
          loading={refreshing}
          loadingLabel={t('refreshing')}
        >
          <RefreshIcon className="size-4" />
          {t('refresh')}
        </Button>
      </div>

      <DeveloperTools>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setShowDebug((s) => !s)}
            aria-pressed={showDebug}
          >
            {t('debug')}
          </Button>
          <Button size="sm" variant="secondary" onClick={onClearNotifications}>
            {t('clearNotifications')}
          </Button>
          <Button size="sm" variant="secondary" onClick={onAddTestLog}>
            {t('addTestLog')}
          </Button>
        </div>
        {showDebug && (
          <DebugPanel
            userId={userId}
            source={source}
            shown={credentials.length}
            lastError={lastError}
          />
        )}
      </DeveloperTools>

      {loading ? (
        <Spinner />
      ) : credentials.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {t('empty')}
        </p>
      ) : (
        <SortableCredentialList credentials={credentials} actions={actions} onReorder={onReorder} />
      )}

      {shareRequest && (
        <ShareDialog
          key={shareRequest.credential.id}
          documentType={shareRequest.credential.credential_subject.document_type}
          subject={shareRequest.credential.credential_subject}
          offline={!online}
          busy={makeShare.isPending}
          refusal={
            hasProblemCode(makeShare.error, 'data_sharing_off') ? t('toast.dataSharingOff') : null
          }
          onCreate={(choice) => makeShare.mutate({ request: shareRequest, choice })}
          onCancel={() => setShareRequest(null)}
        />
      )}

      {pdfRequest && (
        <PdfDialog
          key={pdfRequest.credential.id}
          name={credentialDisplayName(pdfRequest.credential, i18n.language)}
          subject={pdfRequest.credential.credential_subject}
          labels={pdfRequest.credential.received?.claim_labels}
          shownInFull={pdfRequest.shownInFull}
          busy={makingPdf}
          onDownload={(fields) => void makePdf(pdfRequest, fields)}
          onCancel={() => setPdfRequest(null)}
        />
      )}

      {offlineQrFor && (
        <OfflineQrDialog
          key={offlineQrFor.id}
          userId={userId}
          credentialId={offlineQrFor.id}
          name={credentialDisplayName(offlineQrFor, i18n.language)}
          subject={offlineQrFor.credential_subject}
          onMade={activityChanged}
          onClose={() => setOfflineQrFor(null)}
        />
      )}

      {(receiving || offerId !== null) && (
        <ReceiveOfferDialog
          key={offerId ?? 'new'}
          userId={userId}
          offerId={offerId}
          onClose={() => {
            setReceiving(false);
            onOfferClosed?.();
          }}
        />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle')}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        busy={remove.isPending}
        busyLabel={t('deleting')}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        <span className="block">
          {t('deleteText', { name: toDelete?.credential_subject.document_type ?? '' })}
        </span>
        {/* SPEC 8: only the issuer revokes; deleting the wallet's copy does not. */}
        <span className="mt-2 block">{t('deleteNotRevoked')}</span>
      </ConfirmDialog>
    </div>
  );
}
