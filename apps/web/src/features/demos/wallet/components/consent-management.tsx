/**
 * Consent Management of the wallet demo (SPEC 2, SPEC 4 "Wallet demo"): tabs Pending, Approved
 * and Declined, each with its count; the Pending tab is selected first. Pending items have
 * Reject and Approve; approved items show an Active badge and Revoke (after a confirmation);
 * declined items show when and why. An empty tab reads 'No {tab} consent requests'.
 *
 * The moves and their dates are the rules of ../wallet-state.ts (Approve -> Approved with
 * approval and expiry dates; Reject -> Declined; Revoke -> Declined with reason 'revoked'). A
 * moved card leaves the tab with the button that had focus, so focus goes to the tab panel.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CheckCircleIcon } from '@/components/ui/icons';
import { Tabs } from '@/components/ui/tabs';
import { localeOf } from '@/lib/format';
import { useFormat } from '@/lib/preferences';
import { WALLET_NAMESPACE } from '../i18n';
import {
  type ApprovedWalletConsent,
  CONSENT_STATUSES,
  consentsWithStatus,
  countByStatus,
  type WalletConsent,
  type WalletConsentStatus,
} from '../wallet-state';
import { Card } from './card';

export function ConsentManagement({
  consents,
  onApprove,
  onReject,
  onRevoke,
}: {
  consents: readonly WalletConsent[];
  onApprove: (consent: WalletConsent) => void;
  onReject: (consent: WalletConsent) => void;
  onRevoke: (consent: WalletConsent) => void;
}) {
  const { t, i18n } = useTranslation(WALLET_NAMESPACE);
  const format = useFormat();
  const [tab, setTab] = useState<WalletConsentStatus>('pending');
  const [revoking, setRevoking] = useState<ApprovedWalletConsent | null>(null);
  const [moves, setMoves] = useState(0);
  const panel = useRef<HTMLDivElement>(null);
  const counts = countByStatus(consents);
  const items = consentsWithStatus(consents, tab);
  const date = (iso: string) => format.date(iso);
  const list = new Intl.ListFormat(localeOf(i18n.language), {
    type: 'conjunction',
  });

  // Keep keyboard focus on the page when the focused card's button went away with the card.
  useEffect(() => {
    if (moves === 0) return;
    const active = document.activeElement;
    if (active === null || active === document.body) panel.current?.focus();
  }, [moves]);

  const act = (action: (consent: WalletConsent) => void, consent: WalletConsent) => {
    action(consent);
    setMoves((n) => n + 1);
  };

  return (
    <Card title={t('consent.heading')}>
      <Tabs
        label={t('consent.tabsLabel')}
        selected={tab}
        onSelect={setTab}
        panelRef={panel}
        fitOnPhones
        panelClassName="pt-4"
        items={CONSENT_STATUSES.map((status) => ({
          id: status,
          label: (
            <>
              {t(`consent.tabs.${status}`)}{' '}
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                {counts[status]}
              </span>
            </>
          ),
        }))}
      >
        {items.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">
            {t('consent.empty', { tab: t(`consent.tabWords.${tab}`) })}
          </p>
        ) : (
          <ul className="space-y-3">
            {items.map((consent) => {
              const requester = t(`requesters.${consent.requester}`);
              return (
                <li
                  key={consent.id}
                  className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h3 className="font-semibold text-slate-900 dark:text-white">{requester}</h3>
                      <p className="text-sm text-slate-700 dark:text-slate-300">
                        {t(`purposes.${consent.purpose}`)}
                      </p>
                    </div>
                    {consent.status === 'approved' && (
                      <span className="inline-flex items-center gap-1 rounded-full border border-green-300 bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800 dark:border-green-700 dark:bg-green-950 dark:text-green-200">
                        <CheckCircleIcon className="size-3.5" />
                        {t('consent.active')}
                      </span>
                    )}
                  </div>
                  <div className="mt-3">
                    <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
                      {t('consent.fieldsRequested')}
                    </p>
                    <ul className="mt-1 flex flex-wrap gap-1.5">
                      {consent.fieldsRequested.map((field) => (
                        <li
                          key={field}
                          className="rounded-md bg-orange-50 px-2 py-0.5 text-xs font-medium text-orange-900 dark:bg-orange-950 dark:text-orange-200"
                        >
                          {t(`fields.${field}`)}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
                    {consent.status === 'pending' && (
                      <>
                        <span>{t('consent.requestedOn', { date: date(consent.requestDate) })}</span>
                        <span>{t('consent.validUntil', { date: date(consent.validUntil) })}</span>
                      </>
                    )}
                    {consent.status === 'approved' && (
                      <>
                        <span>{t('consent.approvedOn', { date: date(consent.approvedDate) })}</span>
                        <span>{t('consent.expiresOn', { date: date(consent.expiresOn) })}</span>
                      </>
                    )}
                    {consent.status === 'declined' && (
                      <span>
                        {t(
                          consent.reason === 'revoked' ? 'consent.revokedOn' : 'consent.declinedOn',
                          {
                            date: date(consent.declinedDate),
                          },
                        )}
                      </span>
                    )}
                  </p>
                  {consent.status === 'declined' && consent.reason && (
                    <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                      {t('consent.reason', { reason: t(`consent.reasons.${consent.reason}`) })}
                    </p>
                  )}
                  {consent.status === 'pending' && (
                    <div className="mt-3 flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="secondary"
                        className="min-h-11"
                        aria-label={t('consent.rejectLabel', { requester })}
                        onClick={() => act(onReject, consent)}
                      >
                        {t('consent.reject')}
                      </Button>
                      <Button
                        size="sm"
                        className="min-h-11"
                        aria-label={t('consent.approveLabel', { requester })}
                        onClick={() => act(onApprove, consent)}
                      >
                        {t('consent.approve')}
                      </Button>
                    </div>
                  )}
                  {consent.status === 'approved' && (
                    <div className="mt-3">
                      <Button
                        size="sm"
                        variant="secondary"
                        className="min-h-11 text-red-700 dark:text-red-300"
                        aria-label={t('consent.revokeLabel', { requester })}
                        onClick={() => setRevoking(consent)}
                      >
                        {t('consent.revoke')}
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Tabs>
      <ConfirmDialog
        open={revoking !== null}
        title={t('consent.revokeDialog.title')}
        confirmLabel={t('consent.revokeDialog.confirm')}
        cancelLabel={t('consent.revokeDialog.cancel')}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) act(onRevoke, revoking);
          setRevoking(null);
        }}
      >
        {revoking &&
          t('consent.revokeDialog.text', {
            requester: t(`requesters.${revoking.requester}`),
            fields: list.format(revoking.fieldsRequested.map((field) => t(`fields.${field}`))),
          })}
      </ConfirmDialog>
    </Card>
  );
}
