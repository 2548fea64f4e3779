/**
 * A credential's share links on its card (docs/api-contract.md "Share links"): the summary
 * "2 active links · 5 views" and, opened, each link with its status or expiry, views (of the
 * limit), the fields it discloses (an identity number it shows whole marked 'in full',
 * DECISIONS 9.6) and, while active, Withdraw and the link itself: Copy, QR code
 * and Open (components/ui/link-actions.tsx), so a link made with Share or Show QR Code can be
 * found again after the clipboard moved on. Renders nothing for a credential never shared.
 */
import { type ShareRecord, summarizeShares } from '@pehchaan/core';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LinkActions } from '@/components/ui/link-actions';
import { paths } from '@/config/paths';
import { documentTypeName } from '@/lib/document-labels';
import { fieldLabel } from '@/lib/format-claim';
import { useFormat } from '@/lib/preferences';

export function ShareLinks({
  shares,
  withdrawingId,
  onWithdraw,
}: {
  /** This credential's shares, newest first. */
  shares: readonly ShareRecord[];
  /** The share being withdrawn, if any (its button shows the busy label). */
  withdrawingId?: string | null;
  onWithdraw: (share: ShareRecord) => void;
}) {
  const { t, i18n } = useTranslation('credentials');
  const format = useFormat();
  if (shares.length === 0) return null;
  const { active, views } = summarizeShares(shares);
  const summary = `${t('links.active', { count: active })} · ${t('links.views', { count: views })}`;

  return (
    <details className="border-t border-slate-100 px-4 py-3 text-sm sm:px-5 dark:border-slate-800">
      <summary className="cursor-pointer font-medium text-slate-700 dark:text-slate-200">
        {summary}
      </summary>
      <ul aria-label={t('links.listLabel')} className="mt-2 space-y-2">
        {shares.map((share) => (
          <li
            key={share.id}
            className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            <div className="min-w-0 space-y-0.5">
              <p className="font-medium">
                {share.status === 'active'
                  ? t('links.expires', { date: format.dateTime(share.expires_at) })
                  : t(`links.status.${share.status}`)}
              </p>
              <p className="text-slate-600 dark:text-slate-400">
                {share.max_views === null
                  ? t('links.viewCount', { count: share.views })
                  : t('links.viewCountOf', { count: share.views, max: share.max_views })}
              </p>
              <p className="text-slate-600 dark:text-slate-400">
                {t('links.fields', {
                  fields: share.fields
                    .map((field) =>
                      share.full_values?.includes(field)
                        ? t('links.fullValue', { field: fieldLabel(field, i18n.language) })
                        : fieldLabel(field, i18n.language),
                    )
                    .join(', '),
                })}
              </p>
            </div>
            {share.status === 'active' && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => onWithdraw(share)}
                loading={withdrawingId === share.id}
                loadingLabel={t('links.withdrawing')}
                aria-label={t('links.withdrawLabel', { date: format.dateTime(share.expires_at) })}
              >
                {t('links.withdraw')}
              </Button>
            )}
            {share.status === 'active' && (
              <LinkActions
                url={share.url}
                openHref={paths.verify.getHref(share.id)}
                name={`${documentTypeName(share.document_type, i18n.language)}, ${t('links.expires', { date: format.dateTime(share.expires_at) })}`}
              />
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
