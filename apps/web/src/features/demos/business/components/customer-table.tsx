/**
 * The customer table (SPEC 2, 5): search by name or PAN substring (case-insensitive), filter by
 * status, Export (SPEC 8: only says the data would be exported to CSV or Excel). Each row shows
 * the masked PAN, status, data score with its colour band and band name (SPEC 9), risk level
 * and consent status (SPEC 4).
 *
 * On a narrow screen the table keeps its columns and scrolls sideways inside a focusable region
 * named by the table's caption, so keyboard users can scroll it too; the name column stays put.
 */
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FileIcon, SearchIcon } from '@/components/ui/icons';
import { InlineAlert } from '@/components/ui/inline-alert';
import { useFormat } from '@/lib/preferences';
import { type BusinessCustomer, CUSTOMER_STATUSES, type CustomerStatus } from '../customers';
import { filterCustomers } from '../filter-customers';
import { BUSINESS_NAMESPACE } from '../i18n';
import { BAND_LABELS, CONSENT_LABELS, RISK_LABELS, STATUS_LABELS } from '../labels';
import { scoreBand } from '../score-band';
import { Badge } from './badge';

const FIELD =
  'block h-10 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 sm:text-sm dark:border-slate-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400';
const TH =
  'whitespace-nowrap px-4 py-3 text-start text-xs font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300';
const TD = 'whitespace-nowrap px-4 py-3';
/** The name column stays in view while the other columns scroll sideways on a phone. */
const STICKY =
  'sticky start-0 z-10 shadow-[1px_0_0_var(--color-slate-200)] dark:shadow-[1px_0_0_var(--color-slate-700)]';

function isStatus(value: string): value is CustomerStatus {
  return (CUSTOMER_STATUSES as readonly string[]).includes(value);
}

export function CustomerTable({ customers }: { customers: readonly BusinessCustomer[] }) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const format = useFormat();
  const { t: tm } = useTranslation('messages');
  const id = useId();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<CustomerStatus | 'all'>('all');
  const [exported, setExported] = useState(false);
  const exportButton = useRef<HTMLButtonElement>(null);
  const shown = useMemo(
    () => filterCustomers(customers, { query, status }),
    [customers, query, status],
  );

  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-end dark:border-slate-800">
        <div className="flex-1">
          <label htmlFor={`${id}-search`} className="text-sm font-medium">
            {t('table.search')}
          </label>
          <div className="relative mt-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
            <input
              id={`${id}-search`}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('table.searchPlaceholder')}
              autoComplete="off"
              className={`${FIELD} ps-9`}
            />
          </div>
        </div>
        <div className="sm:w-60">
          <label htmlFor={`${id}-status`} className="text-sm font-medium">
            {t('table.statusFilter')}
          </label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => {
              const value = event.target.value;
              setStatus(isStatus(value) ? value : 'all');
            }}
            className={`${FIELD} mt-1`}
          >
            <option value="all">{t('table.allStatuses')}</option>
            {CUSTOMER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(STATUS_LABELS[value].key)}
              </option>
            ))}
          </select>
        </div>
        <Button ref={exportButton} variant="secondary" onClick={() => setExported(true)}>
          <FileIcon className="size-4" />
          {t('table.export')}
        </Button>
      </div>
      {exported && (
        <InlineAlert
          className="mx-4 mt-4"
          message={tm('demoExport')}
          onDismiss={() => setExported(false)}
          returnFocusTo={exportButton}
        />
      )}
      <p aria-live="polite" className="px-4 pt-3 text-sm text-slate-600 dark:text-slate-400">
        {t('table.showing', { count: shown.length, total: customers.length })}
      </p>
      <p className="px-4 pt-1 text-xs text-slate-600 md:hidden dark:text-slate-400">
        {t('table.scrollHint')}
      </p>

      <section
        aria-labelledby={`${id}-caption`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable so keyboard users can scroll it (WCAG 2.1.1)
        tabIndex={0}
        className="mt-2 overflow-x-auto"
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
          <caption id={`${id}-caption`} className="sr-only">
            {t('table.caption')}
          </caption>
          <thead className="bg-slate-50 dark:bg-slate-800">
            <tr>
              <th scope="col" className={`${TH} ${STICKY} bg-slate-50 dark:bg-slate-800`}>
                {t('table.columns.customer')}
              </th>
              <th scope="col" className={TH}>
                {t('table.columns.pan')}
              </th>
              <th scope="col" className={TH}>
                {t('table.columns.status')}
              </th>
              <th scope="col" className={TH}>
                {t('table.columns.score')}
              </th>
              <th scope="col" className={TH}>
                {t('table.columns.risk')}
              </th>
              <th scope="col" className={TH}>
                {t('table.columns.consent')}
              </th>
              <th scope="col" className={TH}>
                {t('table.columns.updated')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {shown.map((customer) => {
              const band = BAND_LABELS[scoreBand(customer.dataScore)];
              const statusLabel = STATUS_LABELS[customer.status];
              const risk = RISK_LABELS[customer.riskLevel];
              const consent = CONSENT_LABELS[customer.consentStatus];
              return (
                <tr key={customer.id}>
                  <th
                    scope="row"
                    className={`${TD} ${STICKY} bg-white text-start font-medium text-slate-900 dark:bg-slate-900 dark:text-white`}
                  >
                    {customer.name}
                  </th>
                  <td className={`${TD} font-mono text-slate-700 dark:text-slate-300`}>
                    {customer.panId}
                  </td>
                  <td className={TD}>
                    <Badge tone={statusLabel.tone}>{t(statusLabel.key)}</Badge>
                  </td>
                  <td className={TD}>
                    <span className="flex items-center gap-2">
                      <span className="w-7 text-end font-semibold tabular-nums text-slate-900 dark:text-white">
                        {customer.dataScore}
                      </span>
                      <Badge tone={band.tone}>{t(band.key)}</Badge>
                    </span>
                  </td>
                  <td className={TD}>
                    <Badge tone={risk.tone}>{t(risk.key)}</Badge>
                  </td>
                  <td className={TD}>
                    <Badge tone={consent.tone}>{t(consent.key)}</Badge>
                  </td>
                  <td className={`${TD} text-slate-700 dark:text-slate-300`}>
                    {format.date(customer.lastUpdated)}
                  </td>
                </tr>
              );
            })}
            {shown.length === 0 && (
              <tr>
                <td
                  colSpan={7}
                  className="px-4 py-8 text-center text-slate-600 dark:text-slate-400"
                >
                  {t('table.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
    </div>
  );
}
