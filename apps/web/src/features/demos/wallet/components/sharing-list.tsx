/**
 * The identity document list with sharing toggles (SPEC 2; SPEC 4: toggling a linked document
 * flips its sharing between enabled and private). Each linked document has a switch named
 * 'Share {document}' with its state written beside it ('Sharing enabled' or 'Private'); a
 * document that is not linked has no switch and says how to link it.
 */
import { useTranslation } from 'react-i18next';
import { LockIcon, ShareIcon } from '@/components/ui/icons';
import { Switch } from '@/components/ui/switch';
import { WALLET_NAMESPACE } from '../i18n';
import {
  type SharingMap,
  sharingState,
  type WalletDocument,
  type WalletDocumentId,
} from '../wallet-state';
import { Card } from './card';

export function SharingList({
  documents,
  sharing,
  onToggle,
}: {
  documents: readonly WalletDocument[];
  sharing: SharingMap;
  onToggle: (id: WalletDocumentId) => void;
}) {
  const { t } = useTranslation(WALLET_NAMESPACE);
  return (
    <Card title={t('sharing.heading')} lead={t('sharing.lead')}>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {documents.map((document) => {
          const name = t(`sources.names.${document.id}`);
          const state = sharingState(sharing, document.id);
          const Icon = state === 'enabled' ? ShareIcon : LockIcon;
          return (
            <li
              key={document.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2 first:pt-0 last:pb-0"
            >
              <span className="flex min-w-0 items-center gap-2 font-medium text-slate-900 dark:text-white">
                <Icon
                  className={`size-4 shrink-0 ${document.status === 'linked' && state === 'enabled' ? 'text-green-700 dark:text-green-400' : 'text-slate-500 dark:text-slate-400'}`}
                />
                {name}
              </span>
              {document.status === 'linked' ? (
                <Switch
                  checked={state === 'enabled'}
                  label={t('sharing.switchLabel', { name })}
                  stateText={t(state === 'enabled' ? 'sharing.enabled' : 'sharing.private')}
                  onChange={() => onToggle(document.id)}
                />
              ) : (
                <span className="w-full text-xs text-slate-600 sm:w-auto dark:text-slate-400">
                  {t('sharing.notLinked')}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
