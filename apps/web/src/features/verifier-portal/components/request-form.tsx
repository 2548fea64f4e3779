/**
 * The portal's new-request form (issue 16): pick one of the organisation's registered purposes
 * (its text in the current language and its retention), tick the claims to ask for per document
 * type (only those the purpose registers: DPDP Act s.6(1)) and which of them are optional, then
 * Create request: the DCQL query of dcql.ts, with each type's vct from GET /vct.
 */
import type { CreateVerifierRequestAnswer, VerifierOrganisation } from '@pehchaan/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { inputClass } from '@/components/ui/input';
import { ProblemAlert } from '@/components/ui/problem-alert';
import { isApiUnavailable } from '@/lib/api-client';
import { problemMessage } from '@/lib/problem-message';
import { useCreateVerifierRequest } from '../api/create-verifier-request';
import { vctByTypeQuery } from '../api/get-credential-types';
import { buildDcqlQuery, type ClaimSelection, selectionProblem } from '../dcql';
import '../i18n';
import { claimName, documentTypeName } from '@/lib/document-labels';

export function RequestForm({
  apiKey,
  organisation,
  onCreated,
}: {
  apiKey: string;
  organisation: VerifierOrganisation;
  onCreated: (request: CreateVerifierRequestAnswer) => void;
}) {
  const { t, i18n } = useTranslation('verifierPortal');
  const language = i18n.language;
  const [purposeCode, setPurposeCode] = useState(organisation.purposes[0]?.code ?? '');
  const [selection, setSelection] = useState<ClaimSelection>({});
  const [error, setError] = useState<string | null>(null);
  const [cause, setCause] = useState<unknown>(null);
  const vcts = useQuery(vctByTypeQuery());
  const create = useCreateVerifierRequest();
  const purposeId = useId();
  const purpose = organisation.purposes.find((p) => p.code === purposeCode);

  const choose = (code: string) => {
    setPurposeCode(code);
    setSelection({});
    setError(null);
  };
  const toggleClaim = (type: string, claim: string, asked: boolean) => {
    setSelection((current) => {
      const claims = { ...current[type] };
      if (asked) claims[claim] = 'required';
      else delete claims[claim];
      return { ...current, [type]: claims };
    });
    setError(null);
  };
  const toggleOptional = (type: string, claim: string, optional: boolean) => {
    setSelection((current) => ({
      ...current,
      [type]: { ...current[type], [claim]: optional ? 'optional' : 'required' },
    }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!purpose) return;
    const problem = selectionProblem(selection);
    if (problem?.kind === 'no_claims') {
      setError(t('form.noClaims'));
      return;
    }
    if (problem?.kind === 'needs_required') {
      const documents = problem.documentTypes.map((d) => documentTypeName(d, language));
      setError(t('form.needsRequired', { documents: documents.join(', ') }));
      return;
    }
    setError(null);
    try {
      const vctOf = vcts.data ?? (await vcts.refetch({ throwOnError: true })).data ?? {};
      const answer = await create.mutateAsync({
        apiKey,
        purpose: purpose.code,
        dcqlQuery: buildDcqlQuery(selection, vctOf),
      });
      setSelection({});
      onCreated(answer);
    } catch (caught) {
      setCause(caught);
      setError(
        isApiUnavailable(caught)
          ? t('signIn.unavailable')
          : problemMessage(caught, { fallback: t('form.failed') }),
      );
    }
  };

  return (
    <Card title={t('form.heading')}>
      <form onSubmit={submit} noValidate className="space-y-5">
        <div>
          <label htmlFor={purposeId} className="font-medium text-slate-800 dark:text-slate-200">
            {t('form.purpose')}
          </label>
          <select
            id={purposeId}
            className={inputClass}
            value={purposeCode}
            onChange={(event) => choose(event.target.value)}
          >
            {organisation.purposes.map((p) => (
              <option key={p.code} value={p.code}>
                {language === 'hi' ? p.text_hi : p.text}
              </option>
            ))}
          </select>
          {purpose && (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t('form.retention', { count: purpose.retention_days })}
            </p>
          )}
        </div>

        {purpose && (
          <div className="space-y-4">
            <div>
              <h3 className="font-medium text-slate-800 dark:text-slate-200">
                {t('form.claimsHeading')}
              </h3>
              <p className="text-sm text-slate-600 dark:text-slate-400">{t('form.claimsHelp')}</p>
            </div>
            {Object.entries(purpose.claims).map(([type, claims]) => (
              <fieldset
                key={type}
                className="rounded-xl border border-slate-200 p-3 dark:border-slate-700"
              >
                <legend className="px-1 font-semibold text-slate-900 dark:text-white">
                  {documentTypeName(type, language)}
                </legend>
                <ul className="divide-y divide-slate-100 dark:divide-slate-800">
                  {claims.map((claim) => {
                    const choice = selection[type]?.[claim];
                    const label = claimName(claim, language);
                    return (
                      <li key={claim} className="flex flex-wrap items-center gap-x-6 gap-y-1 py-2">
                        <label className="flex min-w-40 flex-1 items-center gap-2">
                          <input
                            type="checkbox"
                            className="size-5 accent-orange-700"
                            checked={choice !== undefined}
                            onChange={(event) => toggleClaim(type, claim, event.target.checked)}
                          />
                          <span>{label}</span>
                        </label>
                        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                          <input
                            type="checkbox"
                            className="size-4 accent-orange-700"
                            checked={choice === 'optional'}
                            disabled={choice === undefined}
                            aria-label={t('form.optionalOf', { claim: label })}
                            onChange={(event) => toggleOptional(type, claim, event.target.checked)}
                          />
                          <span aria-hidden="true">{t('form.optional')}</span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            ))}
          </div>
        )}

        <ProblemAlert message={error} error={cause} />
        <Button type="submit" loading={create.isPending} loadingLabel={t('form.creating')}>
          {t('form.create')}
        </Button>
      </form>
    </Card>
  );
}
