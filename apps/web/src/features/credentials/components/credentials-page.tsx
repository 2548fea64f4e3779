/**
 * The /credentials screen (SPEC 2): 'Verifiable Credentials' with the count, Add Credentials,
 * Debug, Clear Notifications, Add Test Log and Refresh; the cards in the holder's order, each
 * with its details, QR code, share, copy, download and delete. Data comes from the API with the
 * browser-storage fallback; a credential generated while the API is unreachable is kept locally
 * without a proof ('Awaiting issuer') and issued for real by the outbox once the API answers
 * (issue 9); the list reloads then.
 */
import {
  type ActivityType,
  type CredentialRecord,
  type DocumentType,
  findDocumentTypeByName,
} from '@pehchaan/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeaderIndicators } from '@/components/layouts/header-indicators';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RefreshIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { hasProblemCode, isApiError, isApiUnavailable } from '@/lib/api-client';
import { delay } from '@/lib/delay';
import { downloadJson } from '@/lib/download-file';
import type { DataSource } from '@/lib/local-fallback';
import { useOutboxSynced } from '@/lib/outbox';
import { toast } from '@/lib/toast';
import {
  applyLocalOrder,
  createLocalCredential,
  deleteCredential,
  getCredentialDocument,
  readLocalOnlyCredentials,
  saveCredentialOrder,
  writeLocalCredentials,
} from '../api/credential-actions';
import { generateCredential } from '../api/generate-credential';
import { getCredentials } from '../api/get-credentials';
import { logActivity } from '../api/log-activity';
import { verificationUrl } from '../qr-payload';
import { AddCredentialMenu } from './add-credential-menu';
import type { CredentialActions } from './credential-card';
import { DebugPanel } from './debug-panel';
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

export function CredentialsPage({ userId }: { userId: string }) {
  const { t } = useTranslation('credentials');
  const { clearAll } = useHeaderIndicators();
  const [credentials, setCredentials] = useState<CredentialRecord[]>([]);
  const [loading, setLoading] = useState(true);
  const [refreshing, setRefreshing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [source, setSource] = useState<DataSource | null>(null);
  const [lastError, setLastError] = useState<string | null>(null);
  const [showDebug, setShowDebug] = useState(false);
  const [toDelete, setToDelete] = useState<CredentialRecord | null>(null);
  const [deleting, setDeleting] = useState(false);
  const latest = useRef(0);

  /** Loads the list; resolves true when the API answered. */
  const load = useCallback(async (): Promise<boolean> => {
    const ticket = ++latest.current;
    const pending = readLocalOnlyCredentials(userId);
    const result = await getCredentials(userId);
    if (ticket !== latest.current) return result.source === 'api';
    let list = result.data;
    if (result.source === 'api') {
      // Keep credentials made offline (not known to the API) and any order saved only here.
      const known = new Set(list.map((c) => c.id));
      list = applyLocalOrder(userId, [...list, ...pending.filter((c) => !known.has(c.id))]);
      writeLocalCredentials(userId, list);
      setLastError(null);
    } else {
      const error = result.error;
      setLastError(error instanceof Error ? error.message : String(error));
      if (!isApiError(error, 'ERR_API_DISABLED')) toast.error(t('toast.loadFailed'));
    }
    setCredentials(permanentFirst(list));
    setSource(result.source);
    setLoading(false);
    return result.source === 'api';
  }, [userId, t]);

  useEffect(() => {
    void load();
  }, [load]);
  // The outbox settled changes made offline (issue 9): a proof-less credential is now issued.
  useOutboxSynced(() => void load());

  const held = useMemo(() => heldDocumentKeys(credentials), [credentials]);

  const onAdd = async (type: DocumentType) => {
    setAdding(true);
    try {
      const answer = await generateCredential({ userId, documentType: type.key });
      toast.success(answer.message);
      await load();
    } catch (error) {
      if (isApiUnavailable(error)) {
        const record = createLocalCredential(userId, type);
        if (record) {
          setCredentials((list) => [...list, record]);
          toast.success(t('toast.savedLocally', { name: type.name }));
        } else {
          toast.error(t('toast.saveLocalFailed'));
        }
      } else if (hasProblemCode(error, 'duplicate_document') && error.detail) {
        // SPEC 8: the server's 'You already have a ...' message is shown as is.
        toast.error(error.detail);
        await load();
      } else {
        toast.error(t('toast.generateFailed'));
      }
    } finally {
      setAdding(false);
    }
  };

  const onRefresh = async () => {
    setRefreshing(true);
    const ok = await load();
    setRefreshing(false);
    if (ok) toast.success(t('toast.refreshed'));
  };

  // The header's Clear All (SPEC 4): stamps credentials, consent requests and logs as viewed on
  // the server and in browser storage, and toasts 'All notifications cleared'.
  const onClearNotifications = () => void clearAll();

  const onAddTestLog = async () => {
    const where = await logActivity({ userId, type: 'test_manual', description: t('log.test') });
    if (where === 'api') toast.success(t('toast.testLogAdded'));
    else if (where === 'localStorage') toast.success(t('toast.testLogAddedLocally'));
    else toast.error(t('toast.saveLocalFailed'));
  };

  const record = (type: ActivityType, description: string) =>
    void logActivity({ userId, type, description });

  const actions: CredentialActions = {
    onShare: async (credential) => {
      const name = credential.credential_subject.document_type;
      const url = verificationUrl(window.location.origin, credential.id);
      try {
        if (typeof navigator.share === 'function') {
          await navigator.share({ title: name, text: name, url });
          toast.success(t('toast.shared'));
        } else {
          await navigator.clipboard.writeText(url);
          toast.success(t('toast.linkCopied'));
        }
        record('credential_shared', t('log.shared', { name }));
      } catch (error) {
        // The holder closing the share sheet is not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        toast.error(t('toast.shareFailed'));
      }
    },
    onCopy: async (credential) => {
      const name = credential.credential_subject.document_type;
      try {
        await navigator.clipboard.writeText(JSON.stringify(credential, null, 2));
        toast.success(t('toast.jsonCopied'));
        record('credential_copied', t('log.copied', { name }));
      } catch {
        toast.error(t('toast.copyFailed'));
      }
    },
    onDownload: async (credential) => {
      const name = credential.credential_subject.document_type;
      try {
        const document = await getCredentialDocument(credential);
        if (!downloadJson(`${credential.id}.json`, document)) throw new Error('No download');
        toast.success(t('toast.downloaded'));
        record('credential_downloaded', t('log.downloaded', { name }));
      } catch {
        toast.error(t('toast.downloadFailed'));
      }
    },
    onDelete: (credential) => setToDelete(credential),
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await delay(DELETE_DELAY_MS);
      await deleteCredential({ userId, credentialId: toDelete.id });
      setCredentials((list) => list.filter((c) => c.id !== toDelete.id));
      toast.success(t('toast.deleted'));
      setToDelete(null);
    } catch {
      toast.error(t('toast.deleteFailed'));
    } finally {
      setDeleting(false);
    }
  };

  const onReorder = async (ordered: CredentialRecord[]) => {
    setCredentials(ordered);
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
        <AddCredentialMenu heldKeys={held} onSelect={onAdd} busy={adding} />
      </div>

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

      {showDebug && (
        <DebugPanel
          userId={userId}
          source={source}
          shown={credentials.length}
          lastError={lastError}
        />
      )}

      {loading ? (
        <Spinner />
      ) : credentials.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {t('empty')}
        </p>
      ) : (
        <SortableCredentialList credentials={credentials} actions={actions} onReorder={onReorder} />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle')}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        busy={deleting}
        busyLabel={t('deleting')}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {t('deleteText', { name: toDelete?.credential_subject.document_type ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
