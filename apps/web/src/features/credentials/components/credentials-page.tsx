/**
 * The /credentials screen (SPEC 2): 'Verifiable Credentials' with the count, Add Credentials,
 * Debug, Clear Notifications, Add Test Log and Refresh; the cards in the holder's order, each
 * with its details, QR code, share, copy, download and delete. Data comes from the API with the
 * browser-storage fallback; a credential generated while the API is unreachable is kept locally
 * without a proof ('Awaiting issuer') and issued for real by the outbox once the API answers
 * (lib/sync/outbox.ts); the outbox then invalidates the list's query, which reloads it.
 */
import {
  type ActivityType,
  type CredentialRecord,
  type DocumentType,
  findDocumentTypeByName,
} from '@pehchaan/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeaderIndicators } from '@/components/layouts/header-indicators';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RefreshIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { hasProblemCode, isApiUnavailable } from '@/lib/api-client';
import { delay } from '@/lib/delay';
import { downloadJson } from '@/lib/download-file';
import type { DataSource } from '@/lib/local-fallback';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { isFailedLoad, useFallbackToast } from '@/lib/use-fallback-toast';
import { createLocalCredential } from '../api/create-local-credential';
import { deleteCredential } from '../api/delete-credential';
import { generateCredential } from '../api/generate-credential';
import { getCredentialDocument } from '../api/get-credential-document';
import { getCredentialsQueryOptions } from '../api/get-credentials';
import { logActivity } from '../api/log-activity';
import { saveCredentialOrder } from '../api/save-credential-order';
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

function errorText(error: unknown): string | null {
  if (error === undefined) return null;
  return error instanceof Error ? error.message : String(error);
}

export function CredentialsPage({ userId }: { userId: string }) {
  const { t } = useTranslation('credentials');
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
      toast.success(answer.message);
      await reload();
    },
    onError: async (error, type) => {
      if (isApiUnavailable(error)) {
        const record = createLocalCredential(userId, type);
        if (record) {
          show((list) => [...list, record]);
          toast.success(t('toast.savedLocally', { name: type.name }));
        } else {
          toast.error(t('toast.saveLocalFailed'));
        }
      } else if (hasProblemCode(error, 'duplicate_document') && error.detail) {
        // SPEC 8: the server's 'You already have a ...' message is shown as is.
        toast.error(error.detail);
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
    const where = await logActivity({ userId, type: 'test_manual', description: t('log.test') });
    activityChanged();
    if (where === 'api') toast.success(t('toast.testLogAdded'));
    else if (where === 'localStorage') toast.success(t('toast.testLogAddedLocally'));
    else toast.error(t('toast.saveLocalFailed'));
  };

  const record = (type: ActivityType, description: string) =>
    void logActivity({ userId, type, description }).then(activityChanged);

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
        <AddCredentialMenu heldKeys={held} onSelect={onAdd} busy={generate.isPending} />
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
        busy={remove.isPending}
        busyLabel={t('deleting')}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {t('deleteText', { name: toDelete?.credential_subject.document_type ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
