/**
 * "Add from an issuer" on /credentials (DECISIONS 9: credentials reach the wallet over OpenID4VCI
 * 1.0 from any issuer). A modal dialog in two steps:
 *
 * 1. Read the offer: scan the issuer's QR code with the camera (the shared scanner,
 *    components/ui/qr-scanner.tsx) or paste its `openid-credential-offer://` or https link; it is
 *    sent to POST .../credential-offers (api/credential-offers.ts), which answers what the holder
 *    will see.
 * 2. Review it (also where /receive lands, with `offerId`): the issuer by its display name, marked
 *    'Trusted issuer' when on the deployment's trust list, else a plain warning (the holder may
 *    still accept); each credential's name and every claim label; when the offer asks for a
 *    transaction code (OpenID4VCI 1.0 section 4.1.1 `tx_code`), a code field (numeric keyboard
 *    for input_mode numeric, its length, the issuer's description). Accept runs the exchange on
 *    the server: the new credentials join the list (the credentials query is invalidated) with a
 *    toast, or, for the authorization code grant, the button says "Continue at the issuer" and
 *    the browser goes to the issuer's sign-in (`redirect_to`), coming back to /oid4vci/callback.
 *    Decline drops the offer.
 *
 * Problems (api/credential-offers.ts): a wrong code is shown at the code field and the holder
 * types again; an expired or unknown offer says so and leaves only Close; SPEC 5's
 * 'You already have a {document type}...' (`credential_exists`) is shown as the server words it
 * (SPEC 8); any other problem shows its `detail`. Escape, the backdrop and the close button close
 * the dialog and leave the offer as it is (it ends at its expiry).
 */
import type { CredentialOfferView, TxCode } from '@pehchaan/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon, ShieldIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { Ltr } from '@/components/ui/ltr';
import { Modal } from '@/components/ui/modal';
import { ProblemDetails } from '@/components/ui/problem-details';
import { QrScanButton, QrScanVideo, useQrScanner } from '@/components/ui/qr-scanner';
import { Spinner } from '@/components/ui/spinner';
import { isApiUnavailable, problemCode } from '@/lib/api-client';
import { browser } from '@/lib/browser';
import { useFormat } from '@/lib/preferences';
import { problemMessage } from '@/lib/problem-message';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import {
  acceptCredentialOffer,
  declineCredentialOffer,
  getCredentialOfferQueryOptions,
  OFFER_PROBLEMS,
  receiveCredentialOffer,
} from '../api/credential-offers';

/**
 * The holder's words for a failed offer call (lib/problem-message.ts for problems we don't name);
 * `documentName`, the offered credential's name, goes into SPEC 5's one-per-type sentence.
 */
export function offerErrorText(
  error: unknown,
  t: TFunction<'credentials'>,
  documentName?: string,
): string {
  if (isApiUnavailable(error)) return t('receive.errors.offline');
  const code = problemCode(error);
  if (code === OFFER_PROBLEMS.expired) return t('receive.errors.expired');
  if (code === OFFER_PROBLEMS.notFound) return t('receive.errors.notFound');
  if (code === OFFER_PROBLEMS.txCodeInvalid) return t('receive.codeInvalid');
  return problemMessage(error, { fallback: t('receive.errors.generic'), documentName });
}

/** True when nothing more can be done with the offer (only Close is left). */
function isFinal(error: unknown): boolean {
  const code = problemCode(error);
  return (
    code === OFFER_PROBLEMS.expired ||
    code === OFFER_PROBLEMS.notFound ||
    code === OFFER_PROBLEMS.exists
  );
}

export function ReceiveOfferDialog({
  userId,
  offerId: initialOfferId = null,
  onClose,
}: {
  userId: string;
  /** An offer already received (from /receive): the dialog opens on its review. */
  offerId?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('credentials');
  const queryClient = useQueryClient();
  const [offerId, setOfferId] = useState<string | null>(initialOfferId);
  const [busy, setBusy] = useState(false);

  const onReceived = (view: CredentialOfferView) => {
    queryClient.setQueryData(getCredentialOfferQueryOptions(userId, view.id).queryKey, view);
    setOfferId(view.id);
  };

  return (
    <Modal
      title={offerId === null ? t('receive.title') : t('receive.reviewTitle')}
      onClose={onClose}
      busy={busy}
    >
      {offerId === null ? (
        <OfferEntry userId={userId} onReceived={onReceived} />
      ) : (
        <OfferReview userId={userId} offerId={offerId} onBusy={setBusy} onDone={onClose} />
      )}
    </Modal>
  );
}

/** Step 1: scan or paste the offer. */
function OfferEntry({
  userId,
  onReceived,
}: {
  userId: string;
  onReceived: (view: CredentialOfferView) => void;
}) {
  const { t } = useTranslation('credentials');
  const inputId = useId();
  const [link, setLink] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const receive = useMutation({
    mutationFn: (offer: string) => receiveCredentialOffer({ userId, offer }),
    onSuccess: onReceived,
    onError: (error) => setMessage(offerErrorText(error, t)),
  });
  const submit = (value: string) => {
    const trimmed = value.trim();
    if (trimmed === '' || receive.isPending) return;
    setMessage(null);
    receive.mutate(trimmed);
  };
  const scanner = useQrScanner({ onCode: submit, onMessage: setMessage });
  const onPaste = (event: FormEvent) => {
    event.preventDefault();
    submit(link);
  };

  return (
    <div className="space-y-3">
      <p>{t('receive.lead')}</p>
      <form onSubmit={onPaste} className="space-y-2">
        <label htmlFor={inputId} className="block text-sm text-slate-700 dark:text-slate-300">
          {t('receive.pasteLabel')}
        </label>
        <Input
          id={inputId}
          data-autofocus
          value={link}
          onChange={(event) => setLink(event.target.value)}
          placeholder="openid-credential-offer://?credential_offer_uri=…"
          // A link is read and typed left to right, also in Urdu (docs/i18n.md).
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={message !== null || undefined}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            className="min-h-11"
            loading={receive.isPending}
            loadingLabel={t('receive.opening')}
          >
            {t('receive.open')}
          </Button>
          <QrScanButton scanner={scanner} />
        </div>
      </form>
      <QrScanVideo scanner={scanner} />
      {message && (
        <div>
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {message}
          </p>
          <ProblemDetails error={receive.error} />
        </div>
      )}
    </div>
  );
}

/** The code's expected length in words ('6 digits'), or null when the offer gives none. */
function lengthText(code: TxCode, t: TFunction<'credentials'>): string | null {
  if (code.length === null) return null;
  return code.input_mode === 'numeric'
    ? t('receive.codeDigits', { count: code.length })
    : t('receive.codeCharacters', { count: code.length });
}

/** Step 2: what the offer holds; the code; Accept or Decline. */
function OfferReview({
  userId,
  offerId,
  onBusy,
  onDone,
}: {
  userId: string;
  offerId: string;
  onBusy: (busy: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('credentials');
  const format = useFormat();
  const queryClient = useQueryClient();
  const ids = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const offerQuery = useQuery(getCredentialOfferQueryOptions(userId, offerId));
  const offer = offerQuery.data;
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const loaded = offer !== undefined;
  // The review replaces the step that had focus: focus its first field (the code) or Accept.
  useEffect(() => {
    if (loaded) formRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [loaded]);

  const accept = useMutation({
    mutationFn: (txCode: string | undefined) =>
      acceptCredentialOffer({
        userId,
        offerId,
        body: txCode === undefined ? {} : { tx_code: txCode },
      }),
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: async (answer) => {
      if ('redirect_to' in answer) {
        browser.assign(answer.redirect_to);
        return;
      }
      const first = answer.credentials[0];
      const name = first?.received?.name ?? first?.credential_subject.document_type ?? '';
      toast.success(
        t(first?.received?.state === 'pending' ? 'receive.addedPending' : 'receive.added', {
          name,
        }),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.activityLogs(userId) });
      queryClient.removeQueries({ queryKey: queryKeys.credentialOffer(userId, offerId) });
      onDone();
      await queryClient.invalidateQueries({ queryKey: queryKeys.credentials(userId) });
    },
    onError: (error) => {
      if (problemCode(error) === OFFER_PROBLEMS.txCodeInvalid) {
        setCodeError(t('receive.codeInvalid'));
        codeRef.current?.focus();
        codeRef.current?.select();
      }
    },
  });

  const decline = useMutation({
    mutationFn: () => declineCredentialOffer({ userId, offerId }),
    onMutate: () => onBusy(true),
    onSettled: () => onBusy(false),
    onSuccess: () => {
      toast.success(t('receive.declined'));
      queryClient.removeQueries({ queryKey: queryKeys.credentialOffer(userId, offerId) });
      onDone();
    },
  });

  if (offerQuery.isPending) return <Spinner />;
  if (!offer) {
    return (
      <div className="space-y-4">
        <p role="alert" className="font-medium text-red-700 dark:text-red-300">
          {offerErrorText(offerQuery.error, t)}
        </p>
        <ProblemDetails error={offerQuery.error} />
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onDone}>
            {t('receive.close')}
          </Button>
        </div>
      </div>
    );
  }

  const txCode = offer.tx_code;
  const numeric = txCode?.input_mode === 'numeric';
  const working = accept.isPending || decline.isPending;
  const acceptError =
    accept.error && problemCode(accept.error) !== OFFER_PROBLEMS.txCodeInvalid
      ? accept.error
      : null;
  const failure = acceptError ?? decline.error;
  const final = isFinal(acceptError);

  const onAccept = (event: FormEvent) => {
    event.preventDefault();
    if (working) return;
    accept.reset();
    decline.reset();
    if (txCode) {
      const typed = code.trim();
      const length = lengthText(txCode, t);
      if (typed === '') {
        setCodeError(t('receive.codeMissing'));
        codeRef.current?.focus();
        return;
      }
      if (txCode.length !== null && typed.length !== txCode.length && length) {
        setCodeError(t('receive.codeIncomplete', { length }));
        codeRef.current?.focus();
        return;
      }
      setCodeError(null);
      accept.mutate(typed);
    } else {
      accept.mutate(undefined);
    }
  };

  const lengthHint = txCode ? lengthText(txCode, t) : null;
  // The authorization code grant: Accept sends the browser to the issuer's sign-in.
  const atIssuer = offer.grant === 'authorization_code';

  return (
    <form ref={formRef} onSubmit={onAccept} className="space-y-4" noValidate>
      <section aria-labelledby={`${ids}-issuer`} className="space-y-2">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('receive.from')}</p>
        <div className="flex flex-wrap items-center gap-2">
          {offer.issuer.logo && (
            <img src={offer.issuer.logo} alt="" className="size-8 rounded-md object-contain" />
          )}
          <h3
            id={`${ids}-issuer`}
            className="text-base font-semibold text-slate-900 dark:text-white"
          >
            {offer.issuer.name}
          </h3>
          {offer.issuer.trusted && (
            <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800 dark:bg-green-950 dark:text-green-200">
              <CheckCircleIcon className="size-3.5" />
              {t('receive.trusted')}
            </span>
          )}
        </div>
        <p className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">
          <Ltr>{offer.credential_issuer}</Ltr>
        </p>
        {!offer.issuer.trusted && (
          <div className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100">
            <ShieldIcon className="mt-0.5 size-5 shrink-0" />
            <p>
              <strong className="block">{t('receive.untrusted')}</strong>
              {t('receive.untrustedWarning', { issuer: offer.issuer.name })}
            </p>
          </div>
        )}
      </section>

      <section aria-labelledby={`${ids}-receives`} className="space-y-2">
        <h3 id={`${ids}-receives`} className="text-sm text-slate-600 dark:text-slate-400">
          {t('receive.receives')}
        </h3>
        {offer.credentials.map((credential) => (
          <div
            key={credential.configuration_id}
            className="rounded-xl border border-slate-200 p-3 dark:border-slate-700"
          >
            <p className="font-semibold text-slate-900 dark:text-white">{credential.name}</p>
            {credential.claims.length > 0 ? (
              <>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  {t('receive.contains')}
                </p>
                <ul
                  aria-label={`${credential.name}: ${t('receive.contains')}`}
                  className="mt-1 flex flex-wrap gap-1.5"
                >
                  {credential.claims.map((claim) => (
                    <li
                      key={claim.path}
                      className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200"
                    >
                      {claim.label}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {t('receive.noClaims')}
              </p>
            )}
          </div>
        ))}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {/* The issuer's own end when it said so; otherwise only the wallet's keeping is known. */}
          {t(offer.expires_by === 'issuer' ? 'receive.validUntil' : 'receive.keptUntil', {
            time: format.dateTime(offer.expires_at),
          })}
        </p>
      </section>

      {txCode && !final && (
        <div>
          <label
            htmlFor={`${ids}-code`}
            className="block font-semibold text-slate-900 dark:text-white"
          >
            {t('receive.codeLabel')}
          </label>
          <p id={`${ids}-code-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            {txCode.description ?? t('receive.codeHint')}
            {lengthHint && ` (${lengthHint})`}
          </p>
          <Input
            ref={codeRef}
            id={`${ids}-code`}
            data-autofocus
            value={code}
            onChange={(event) => {
              setCode(numeric ? event.target.value.replace(/\D/g, '') : event.target.value);
              setCodeError(null);
            }}
            inputMode={numeric ? 'numeric' : 'text'}
            pattern={numeric ? '[0-9]*' : undefined}
            maxLength={txCode.length ?? 64}
            autoComplete="one-time-code"
            spellCheck={false}
            aria-invalid={codeError !== null}
            aria-describedby={`${ids}-code-hint${codeError ? ` ${ids}-code-error` : ''}`}
            dir="ltr"
            className={`font-mono tracking-widest ${txCode.length !== null ? 'max-w-60' : ''}`}
          />
          {codeError && (
            <p
              id={`${ids}-code-error`}
              role="alert"
              className="mt-1 text-sm font-medium text-red-700 dark:text-red-300"
            >
              {codeError}
            </p>
          )}
        </div>
      )}

      {offer.grant === 'authorization_code' && !final && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('receive.authorization')}</p>
      )}

      {failure && (
        <div>
          <p role="alert" className="font-medium text-red-700 dark:text-red-300">
            {offerErrorText(failure, t, offer.credentials[0]?.name)}
          </p>
          <ProblemDetails error={failure} />
        </div>
      )}

      <div className="flex flex-wrap justify-end gap-2">
        {final ? (
          <Button variant="secondary" onClick={onDone}>
            {t('receive.close')}
          </Button>
        ) : (
          <>
            <Button
              variant="secondary"
              onClick={() => {
                accept.reset();
                decline.mutate();
              }}
              disabled={working}
              loading={decline.isPending}
              loadingLabel={t('receive.declining')}
            >
              {t('receive.decline')}
            </Button>
            <Button
              type="submit"
              disabled={working}
              loading={accept.isPending}
              loadingLabel={atIssuer ? t('receive.openingIssuer') : t('receive.accepting')}
              data-autofocus={txCode ? undefined : true}
            >
              {atIssuer ? t('receive.continueAtIssuer') : t('receive.accept')}
            </Button>
          </>
        )}
      </div>
    </form>
  );
}
