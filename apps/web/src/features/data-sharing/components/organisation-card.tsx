/**
 * One organisation on "Who has my data" (issue 17): its name and grievance contact, then each
 * consent: purpose, state, when it received the data and what (claim labels, from which
 * credential), how often it used it (when the use counts are known), its receipts (download as
 * JSON, open the printable page), Withdraw, and the grievances and erasure requests sent about
 * it with their status and age.
 */
import {
  type ConsentDataItem,
  type ConsentState,
  lastActivityParts,
  organisationIdOf,
  type RightsRequest,
  type RightsRequestKind,
} from '@pehchaan/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ExternalLinkIcon, FileIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useConsentTexts } from '@/lib/consent-texts';
import { claimName, documentTypeName } from '@/lib/document-labels';
import { downloadJson } from '@/lib/download-file';
import { useFormat } from '@/lib/preferences';
import { problemMessage } from '@/lib/problem-message';
import { toast } from '@/lib/toast';
import { DATA_SHARING_NAMESPACE } from '../i18n';
import type { Organisation, OrganisationConsent } from '../organisations';
import { RightsRequestForm } from './rights-request-form';

/** How often an organisation used a consent (the withdrawal half's use counts). */
export interface ConsentUses {
  count: number;
  lastUsedAt: string | null;
}

/**
 * Withdraws the consent of a consent request id (the consent feature's withdrawal, composed by
 * the route): 'api' when the server took it, 'localStorage' when it waits on this device to sync.
 */
export type WithdrawConsent = (consentRequestId: string) => Promise<{
  source: 'api' | 'localStorage';
}>;

export interface OrganisationCardProps {
  userId: string;
  organisation: Organisation;
  withdrawConsent: WithdrawConsent;
  /** The use counts of a consent request, when they are known; absent: not shown. */
  usesOf?: ((consentRequestId: string) => ConsentUses | undefined) | undefined;
}

const STATE_TONE: Record<ConsentState, string> = {
  requested: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  given: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  refused: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  withdrawn: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  expired: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
};

/**
 * What resolving an erasure request erased (DPDP Act s.12(3)), as the organisation's eraser
 * recorded it: the claims and when, or plainly that nothing was held.
 */
function Erasure({ erasure }: { erasure: NonNullable<RightsRequest['erasure']> }) {
  const { t, i18n } = useTranslation(DATA_SHARING_NAMESPACE);
  const { date } = useFormat();
  return (
    <p className="mt-1 font-medium text-slate-800 dark:text-slate-200">
      {'nothing_held' in erasure
        ? t('rights.nothingHeld')
        : t('rights.erased', {
            date: date(erasure.erased_at),
            claims: erasure.claims.map((claim) => claimName(claim, i18n.language)).join(', '),
          })}
    </p>
  );
}

function useAge() {
  const { t } = useTranslation(DATA_SHARING_NAMESPACE);
  return (iso: string) => {
    const parts = lastActivityParts(iso);
    if (parts.unit === 'hours') return t('age.hours', { count: parts.count });
    if (parts.unit === 'days') return t('age.days', { count: parts.count });
    return t('age.justNow');
  };
}

/**
 * The organisation's name in the holder's language: a registered verifier of core's registry by
 * its id (organisation-names.ts), where it has a name in that language; any other as it names
 * itself (its receipts' data fiduciary).
 */
function useOrganisationName(organisation: Organisation): string {
  const texts = useConsentTexts();
  const { verifierId } = organisation;
  return verifierId && organisationIdOf(verifierId)
    ? texts.organisation(verifierId)
    : organisation.name;
}
function ConsentEntry({
  userId,
  organisation,
  consent,
  uses,
  withdrawConsent,
}: {
  userId: string;
  withdrawConsent: WithdrawConsent;
  organisation: Organisation;
  consent: OrganisationConsent;
  uses: ConsentUses | undefined;
}) {
  const { t, i18n } = useTranslation(DATA_SHARING_NAMESPACE);
  const age = useAge();
  const { date } = useFormat();
  // The purpose, the claims and the credentials in the holder's language, as /consent words them
  // (lib/consent-texts.ts, lib/document-labels.ts); the organisation by its registry name.
  const consentTexts = useConsentTexts();
  const organisationName = useOrganisationName(organisation);
  const purpose = consentTexts.purpose(organisation.name, consent.purpose);
  const itemLabel = (item: ConsentDataItem) => consentTexts.field(item.label);
  const [form, setForm] = useState<RightsRequestKind | null>(null);
  const [confirming, setConfirming] = useState(false);
  const withdraw = useMutation({ mutationFn: withdrawConsent });
  const latest = consent.receipts[0];

  const onWithdraw = async () => {
    if (!consent.consentRequestId) return;
    try {
      const { source } = await withdraw.mutateAsync(consent.consentRequestId);
      toast.success(
        t(source === 'api' ? 'withdrawn' : 'withdrawnLocally', {
          organisation: organisationName,
        }),
      );
    } catch (error) {
      toast.error(problemMessage(error, { fallback: t('withdrawFailed') }));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <li className="space-y-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0 dark:border-slate-800">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('purpose')}</p>
          <h3 className="font-semibold break-words">{purpose}</h3>
        </div>
        {consent.state && (
          <span
            className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${STATE_TONE[consent.state]}`}
          >
            {t(`state.${consent.state}`)}
          </span>
        )}
      </div>

      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600 dark:text-slate-400">{t('received')}</dt>
        <dd>
          {consent.received.length === 0 ? (
            t('nothingReceived')
          ) : (
            <ul className="space-y-0.5">
              {consent.received.map((item) => (
                <li key={`${item.source}-${item.claim}`}>
                  {itemLabel(item)}
                  {item.source && (
                    <span className="text-slate-600 dark:text-slate-400">
                      {' '}
                      {t('fromCredential', {
                        credential: documentTypeName(item.source, i18n.language),
                      })}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </dd>
        {consent.givenAt && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{t('when')}</dt>
            <dd>{date(consent.givenAt)}</dd>
          </>
        )}
        {consent.state && consent.state !== 'given' && consent.changedAt && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{t(`changed.${consent.state}`)}</dt>
            <dd>{date(consent.changedAt)}</dd>
          </>
        )}
        {uses && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">{t('uses')}</dt>
            <dd>
              {uses.lastUsedAt
                ? t('usedTimesLast', { count: uses.count, date: date(uses.lastUsedAt) })
                : t('usedTimes', { count: uses.count })}
            </dd>
          </>
        )}
      </dl>

      <div>
        <h4 className="mb-1 text-sm font-semibold">{t('receipts')}</h4>
        <ul className="space-y-2">
          {consent.receipts.map((receipt) => (
            <li key={receipt.id} className="flex flex-wrap items-center gap-2 text-sm">
              <FileIcon className="size-4 shrink-0 text-slate-500" />
              <span className="min-w-0 flex-1 basis-full sm:basis-0">
                {t(`event.${receipt.event}`)} · {date(receipt.issued_at)}
              </span>
              <Button
                size="sm"
                variant="secondary"
                className="min-h-11"
                aria-label={t('downloadLabel', { event: t(`event.${receipt.event}`) })}
                onClick={() => downloadJson(`${receipt.id}.json`, receipt.receipt)}
              >
                {t('download')}
              </Button>
              <a
                href={paths.verify.getHref(receipt.id)}
                target="_blank"
                rel="noopener"
                className={`${buttonClasses('secondary', 'sm')} min-h-11`}
                aria-label={t('printableLabel', { event: t(`event.${receipt.event}`) })}
              >
                {t('printable')}
                <ExternalLinkIcon className="size-4" />
              </a>
            </li>
          ))}
        </ul>
      </div>

      {consent.rightsRequests.length > 0 && (
        <div>
          <h4 className="mb-1 text-sm font-semibold">{t('rights.heading')}</h4>
          <ul className="space-y-2 text-sm">
            {consent.rightsRequests.map((sent) => (
              <li key={sent.id} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-950">
                <p>
                  <span className="font-medium">{t(`rights.kind.${sent.kind}`)}</span>
                  {' · '}
                  {t(`rights.status.${sent.status}`)}
                  {' · '}
                  {t('rights.sentAge', { age: age(sent.created_at) })}
                </p>
                {sent.resolution_note && (
                  <p className="mt-1 text-slate-700 dark:text-slate-300">
                    {t('rights.note', { note: sent.resolution_note })}
                  </p>
                )}
                {sent.erasure && <Erasure erasure={sent.erasure} />}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        {consent.canWithdraw && (
          <Button
            size="sm"
            variant="danger"
            className="min-h-11"
            onClick={() => setConfirming(true)}
          >
            {t('withdraw')}
          </Button>
        )}
        {organisation.registered && consent.consentRequestId && latest && (
          <>
            <Button
              size="sm"
              variant="secondary"
              className="min-h-11"
              aria-expanded={form === 'grievance'}
              onClick={() => setForm((f) => (f === 'grievance' ? null : 'grievance'))}
            >
              {t('rights.open.grievance')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              className="min-h-11"
              aria-expanded={form === 'erasure'}
              onClick={() => setForm((f) => (f === 'erasure' ? null : 'erasure'))}
            >
              {t('rights.open.erasure')}
            </Button>
          </>
        )}
      </div>
      {form && consent.consentRequestId && latest && (
        <RightsRequestForm
          key={form}
          userId={userId}
          kind={form}
          organisation={organisation.name}
          organisationShown={organisationName}
          consentRequestId={consent.consentRequestId}
          purpose={consent.purpose}
          receiptId={latest.id}
          onDone={() => setForm(null)}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title={t('withdrawTitle')}
        confirmLabel={t('withdraw')}
        cancelLabel={t('rights.cancel')}
        busy={withdraw.isPending}
        busyLabel={t('withdrawing')}
        onConfirm={() => void onWithdraw()}
        onCancel={() => setConfirming(false)}
      >
        {t('withdrawText', { organisation: organisationName, purpose })}
      </ConfirmDialog>
    </li>
  );
}

export function OrganisationCard({
  userId,
  organisation,
  usesOf,
  withdrawConsent,
}: OrganisationCardProps) {
  const { t } = useTranslation(DATA_SHARING_NAMESPACE);
  const organisationName = useOrganisationName(organisation);
  return (
    <Card
      title={organisationName}
      lead={
        organisation.grievanceContact
          ? t('grievanceContact', { contact: organisation.grievanceContact })
          : undefined
      }
    >
      {!organisation.registered && <p className="mb-3 text-sm">{t('notRegistered')}</p>}
      <ul className="space-y-4">
        {organisation.consents.map((consent) => (
          <ConsentEntry
            key={consent.key}
            userId={userId}
            withdrawConsent={withdrawConsent}
            organisation={organisation}
            consent={consent}
            uses={consent.consentRequestId ? usesOf?.(consent.consentRequestId) : undefined}
          />
        ))}
      </ul>
    </Card>
  );
}
