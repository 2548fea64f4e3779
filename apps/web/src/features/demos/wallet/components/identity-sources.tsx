/**
 * Linkable identity sources (SPEC 2; SPEC 3 "Wallet document"): each of Aadhaar, PAN, passport,
 * driving licence and ABHA health ID with its issuer, masked number and last update. A source
 * that is not linked has a Link button; a linked one has the linked/unlinked switch, which
 * unlinks it when turned off. Keyboard focus follows the row's control across the change.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { useFormat } from '@/lib/preferences';
import { WALLET_NAMESPACE } from '../i18n';
import { SOURCE_ISSUER_KEYS } from '../wallet-data';
import type { WalletDocument, WalletDocumentId } from '../wallet-state';
import { Card } from './card';

export function IdentitySources({
  documents,
  onLink,
  onUnlink,
}: {
  documents: readonly WalletDocument[];
  onLink: (id: WalletDocumentId) => void;
  onUnlink: (id: WalletDocumentId) => void;
}) {
  const { t } = useTranslation(WALLET_NAMESPACE);
  const format = useFormat();
  const controls = useRef(new Map<WalletDocumentId, HTMLButtonElement>());
  const [focusAfter, setFocusAfter] = useState<WalletDocumentId | null>(null);

  // The row's control is swapped (Link <-> switch): move focus to the new one.
  useEffect(() => {
    if (focusAfter === null) return;
    controls.current.get(focusAfter)?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const controlRef = (id: WalletDocumentId) => (node: HTMLButtonElement | null) => {
    if (node) controls.current.set(id, node);
    else controls.current.delete(id);
  };

  return (
    <Card title={t('sources.heading')} lead={t('sources.lead')}>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {documents.map((document) => {
          const name = t(`sources.names.${document.id}`);
          const linked = document.status === 'linked';
          return (
            <li
              key={document.id}
              className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900 dark:text-white">{name}</p>
                <p className="text-sm break-words text-slate-600 dark:text-slate-400">
                  {t(`issuers.${SOURCE_ISSUER_KEYS[document.id]}`)}
                  {document.number && (
                    <>
                      {' · '}
                      <span className="font-mono">{document.number}</span>
                    </>
                  )}
                </p>
                {linked && document.lastUpdated && (
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {t('sources.updated', {
                      date: format.date(document.lastUpdated),
                    })}
                  </p>
                )}
              </div>
              {linked ? (
                <Switch
                  ref={controlRef(document.id)}
                  checked
                  label={t('sources.switchLabel', { name })}
                  stateText={t('sources.linked')}
                  onChange={() => {
                    onUnlink(document.id);
                    setFocusAfter(document.id);
                  }}
                />
              ) : (
                <span className="inline-flex shrink-0 items-center gap-2">
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {t('sources.notLinked')}
                  </span>
                  <Button
                    ref={controlRef(document.id)}
                    size="sm"
                    className="min-h-11"
                    aria-label={t('sources.linkLabel', { name })}
                    onClick={() => {
                      onLink(document.id);
                      setFocusAfter(document.id);
                    }}
                  >
                    {t('sources.link')}
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
