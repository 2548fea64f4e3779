/**
 * The /digital-wallet demo (SPEC 2 "Digital wallet", SPEC 3 wallet entities, SPEC 4 "Wallet
 * demo"): demo banner, identity holder header, identity sources (Link, linked/unlinked switch),
 * My Documents, Data Completeness, Quick Actions, the document list with sharing switches and
 * Consent Management.
 *
 * Entirely offline (SPEC 1, 7): the sample data of ../wallet-data.ts lives in React state for
 * this visit only; no request of any kind is made and nothing is stored. `now` is the clock
 * (tests pass a fixed one).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/lib/download-file';
import { useFormat } from '@/lib/preferences';
import { toast } from '@/lib/toast';
import { WALLET_NAMESPACE } from '../i18n';
import {
  SOURCE_NUMBERS,
  sampleConsents,
  sampleDocumentItems,
  sampleDocuments,
  sampleProfile,
} from '../wallet-data';
import {
  addUploadedDocument,
  approveConsent,
  linkDocument,
  markUploaded,
  rejectConsent,
  revokeConsent,
  toggleSharing,
  unlinkDocument,
  type WalletConsent,
  type WalletDocumentId,
} from '../wallet-state';
import { ConsentManagement } from './consent-management';
import { DataCompleteness } from './data-completeness';
import { HolderHeader } from './holder-header';
import { IdentitySources } from './identity-sources';
import { MyDocuments } from './my-documents';
import { type AuditEvent, type AuditKind, type AuditSubject, QuickActions } from './quick-actions';
import { SharingList } from './sharing-list';
import { WalletFrame } from './wallet-frame';

/** The name of the file Download My Data saves. */
export const WALLET_DATA_FILE = 'pehchaan-wallet-demo.json';

export function WalletPage({ now = () => new Date() }: { now?: () => Date }) {
  const { t } = useTranslation(WALLET_NAMESPACE);
  const format = useFormat();
  const [profile] = useState(() => sampleProfile(now()));
  const [sources, setSources] = useState(() => sampleDocuments(now()));
  const [items, setItems] = useState(() => sampleDocumentItems(now()));
  const [consents, setConsents] = useState<readonly WalletConsent[]>(() => sampleConsents(now()));
  const [events, setEvents] = useState<readonly AuditEvent[]>([]);

  const record = (kind: AuditKind, subject: AuditSubject, at: Date) =>
    setEvents((list) => [{ id: list.length + 1, kind, subject, at: at.toISOString() }, ...list]);

  const sourceName = (id: WalletDocumentId) => t(`sources.names.${id}`);
  const requesterName = (consent: WalletConsent) => t(`requesters.${consent.requester}`);

  const onLink = (id: WalletDocumentId) => {
    const at = now();
    setSources((state) => linkDocument(state, id, SOURCE_NUMBERS[id], at));
    record('linked', { source: id }, at);
    toast.success(t('sources.toastLinked', { name: sourceName(id) }));
  };

  const onUnlink = (id: WalletDocumentId) => {
    const at = now();
    setSources((state) => unlinkDocument(state, id, at));
    record('unlinked', { source: id }, at);
    toast.success(t('sources.toastUnlinked', { name: sourceName(id) }));
  };

  const onToggleSharing = (id: WalletDocumentId) => {
    const enabled = !sources.sharing[id];
    setSources((state) => ({
      ...state,
      sharing: toggleSharing(state.documents, state.sharing, id),
    }));
    record(enabled ? 'sharingOn' : 'sharingOff', { source: id }, now());
  };

  const onUpload = (itemId: string | null, file: { name: string; size: number }) => {
    const at = now();
    const item = itemId === null ? undefined : items.find((i) => i.id === itemId);
    const subject: AuditSubject =
      item && 'key' in item.name ? { item: item.name.key } : { file: file.name };
    setItems((list) =>
      itemId === null
        ? addUploadedDocument(list, file, at)
        : markUploaded(list, itemId, file.size, at),
    );
    record('uploaded', subject, at);
    const name = 'item' in subject ? t(`documents.items.${subject.item}`) : file.name;
    toast.success(t('documents.toastUploaded', { name }));
  };

  const onApprove = (consent: WalletConsent) => {
    const at = now();
    const next = approveConsent(consents, consent.id, at);
    setConsents(next);
    record('approved', { requester: consent.requester }, at);
    const approved = next.find((c) => c.id === consent.id);
    if (approved?.status === 'approved') {
      toast.success(
        t('consent.toast.approved', {
          requester: requesterName(consent),
          date: format.date(approved.expiresOn),
        }),
      );
    }
  };

  const onReject = (consent: WalletConsent) => {
    const at = now();
    setConsents((list) => rejectConsent(list, consent.id, at));
    record('rejected', { requester: consent.requester }, at);
    toast.success(t('consent.toast.declined', { requester: requesterName(consent) }));
  };

  const onRevoke = (consent: WalletConsent) => {
    const at = now();
    setConsents((list) => revokeConsent(list, consent.id, at));
    record('revoked', { requester: consent.requester }, at);
    toast.success(t('consent.toast.revoked', { requester: requesterName(consent) }));
  };

  const onDownload = () =>
    downloadFile(
      WALLET_DATA_FILE,
      JSON.stringify(
        {
          note: t('banner.text'),
          exportedAt: now().toISOString(),
          profile: { ...profile, name: t(profile.nameKey) },
          identitySources: sources.documents,
          sharing: sources.sharing,
          documents: items,
          consentRequests: consents,
        },
        null,
        2,
      ),
      'application/json',
    );

  return (
    <WalletFrame>
      <div className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
          {t('title')}
        </h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
      </div>
      <div className="space-y-6">
        <HolderHeader profile={profile} />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            <IdentitySources documents={sources.documents} onLink={onLink} onUnlink={onUnlink} />
            <MyDocuments items={items} onUpload={onUpload} />
            <ConsentManagement
              consents={consents}
              onApprove={onApprove}
              onReject={onReject}
              onRevoke={onRevoke}
            />
          </div>
          <div className="min-w-0 space-y-6">
            <DataCompleteness />
            <QuickActions events={events} onDownload={onDownload} />
            <SharingList
              documents={sources.documents}
              sharing={sources.sharing}
              onToggle={onToggleSharing}
            />
          </div>
        </div>
      </div>
    </WalletFrame>
  );
}
