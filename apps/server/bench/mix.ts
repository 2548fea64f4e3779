/**
 * The holder's mixed visit (docs/performance.md), defined once: `npm run bench:api` (./api.ts)
 * runs it against the bare server, and `npm run bench:flows` imports it for its mixed line.
 *
 * Every connection repeats a holder's visit of ten calls (VISIT): log in (demo account, OTP
 * 123456, a new session each visit), list credentials (x3), list consent requests (x2), verify
 * one of the holder's credentials by id (x2), /health, and one consent decision. A decision
 * approves a request that is pending and that no other connection is deciding (each request is
 * handed out once), with a fresh Idempotency-Key; when all three of the holder's requests are
 * decided, the next decision resets them (POST .../consent-requests/reset, the demo refill); while
 * some are still in flight it is an outbox retry: the last approval's Idempotency-Key sent again,
 * answered from the stored response (Idempotent-Replayed). So every call of the mix is expected to
 * answer 2xx, and any other answer is reported as a failure, never explained away. A visit whose
 * login failed (error or timeout) starts again with a new login, as a client would.
 *
 * Use: `const holders = await prepareHolders(base)` once against a started product (rate limits
 * off: RATE_LIMITS=off, MAX_CONNECTIONS_PER_CLIENT=0), then for each run
 * `const tally = newTally()` and `autocannon({ url: base, requests: mixRequests({ holders, tally }) })`;
 * `tally.kinds` then holds the answers per kind of call (login, credentials, consent, verify,
 * health, approve, reset, replay).
 */
import { randomUUID } from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_OTP, type DemoAccount } from '@pehchaan/core';
import type { AutocannonRequest, AutocannonRequestStep } from 'autocannon';

/** A kind of call of the mixed visit. */
export type VisitStep = 'login' | 'credentials' | 'consent' | 'verify' | 'health' | 'decide';

/** One holder visit of the mixed run, in order (every connection repeats it). */
export const VISIT: VisitStep[] = [
  'login',
  'credentials',
  'consent',
  'verify',
  'credentials',
  'health',
  'decide',
  'consent',
  'verify',
  'credentials',
];

// ---------------------------------------------------------------------------------------------
// Talking to the product during setup.

/** An answer read in full: status, text, size in bytes, and the body parsed as `T`. */
export interface Answer {
  status: number;
  text: string;
  bytes: number;
  json<T>(): T;
}

/** The parts of the product's answers the setup reads. */
export interface LoginAnswer {
  session_token: string;
}
export interface CredentialsAnswer {
  credentials: { id: string }[];
}
export interface ConsentRequestsAnswer {
  consent_requests: { id: string; status: string }[];
}

/** One HTTP call to the product; `body` is sent as JSON, `token` as a bearer token. */
export async function call(
  base: string,
  method: string,
  path: string,
  {
    token,
    body,
    headers = {},
  }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    bytes: Buffer.byteLength(text),
    json: <T>() => JSON.parse(text) as T,
  };
}

/** The answer of `promise`. @throws when it is not 2xx (`what` names the call). */
export async function expectOk(promise: Promise<Answer>, what: string): Promise<Answer> {
  const answer = await promise;
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`setup: ${what} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  }
  return answer;
}

export function loginBody(account: DemoAccount): {
  aadhaarNumber: string;
  phoneNumber: string;
  otp: string;
} {
  return {
    aadhaarNumber: account.aadhaarNumber,
    phoneNumber: account.phoneNumber,
    otp: DEMO_OTP,
  };
}

/** An approval sent in the mixed run: its Idempotency-Key and path, for a later replay. */
export interface Approval {
  key: string;
  path: string;
}

/**
 * A demo account during the runs: its credentials, the consent requests still pending and not
 * handed to a connection, how many approvals are in flight, whether a reset is, and the last
 * approval that succeeded.
 */
export interface Holder {
  account: DemoAccount;
  credentialIds: string[];
  pending: string[];
  deciding: number;
  resetting: boolean;
  lastApproval: Approval | null;
}

/** A holder with a session token (`token` undefined while a visit's login has not answered). */
export interface Session {
  holder: Holder;
  token: string | undefined;
}

/**
 * Prepares the demo accounts (DECISIONS 2) of the product at `base` for the mix: per account a
 * PAN credential (so lists hold two; 409 when it is already held), its credential ids (for
 * verify), its consent requests reset to pending. Resolves one Holder per account, in
 * DEMO_ACCOUNTS order. @throws when a setup call does not answer 2xx.
 */
export async function prepareHolders(base: string): Promise<Holder[]> {
  const holders: Holder[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const token = await logIn(base, account);
    const path = `/identity/generate-credential?user_id=${account.userId}&document_type=pan`;
    const generated = await call(base, 'POST', path, { token });
    if (generated.status !== 200 && generated.status !== 409) {
      throw new Error(`setup: generate-credential answered ${generated.status}`);
    }
    const list = await expectOk(
      call(base, 'GET', `/user/${account.userId}/credentials`, { token }),
      'list credentials',
    );
    const reset = await expectOk(
      call(base, 'POST', `/user/${account.userId}/consent-requests/reset`, { token }),
      'reset consent requests',
    );
    holders.push({
      account,
      credentialIds: list.json<CredentialsAnswer>().credentials.map((c) => c.id),
      pending: pendingIds(reset.json<ConsentRequestsAnswer>()),
      deciding: 0,
      resetting: false,
      lastApproval: null,
    });
  }
  return holders;
}

/** Signs `account` in with the demo OTP; resolves the session token. @throws unless 2xx. */
export async function logIn(base: string, account: DemoAccount): Promise<string> {
  const login = await expectOk(
    call(base, 'POST', '/api/auth/verify-otp', { body: loginBody(account) }),
    'login',
  );
  return login.json<LoginAnswer>().session_token;
}

/**
 * The autocannon request steps of one mixed run over `holders` (from prepareHolders; their
 * pending requests and last approval carry over from run to run), tallying answers per kind of
 * call into `tally`. Each connection walks VISIT in order, again and again.
 */
export function mixRequests({
  holders,
  tally,
}: {
  holders: Holder[];
  tally: Tally;
}): AutocannonRequestStep<VisitContext>[] {
  const state: SharedState = { holders, loginCursor: 0, verifyCursor: 0 };
  // The visit's own session: the login step (first of the visit) sets holder and token.
  const session: SessionOf = (context) => ({ holder: context.holder!, token: context.token });
  return VISIT.map((kind) => step(kind, { session, tally, state }));
}

export function pendingIds(resetAnswer: ConsentRequestsAnswer): string[] {
  return resetAnswer.consent_requests.filter((r) => r.status === 'pending').map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// autocannon request steps. Each sets context.kind; one onResponse tallies answers per kind.

/** Answers to one kind of call: how many, by status code, and body bytes in all. */
export interface TallyEntry {
  count: number;
  statuses: Record<string, number>;
  bytes: number;
}

/** Per kind of call (mixed run only): see TallyEntry. */
export interface Tally {
  kinds: Map<string, TallyEntry>;
  record(kind: string, status: number, body: string | undefined): void;
}

/**
 * A connection's context: the kind of the call in flight, the visit's holder and token (set by
 * its login), and the approval in flight.
 */
export interface VisitContext {
  kind?: string;
  holder?: Holder;
  token?: string;
  approval?: Approval;
}

/** The cursors the connections share: which holder logs in next, which credential is verified. */
export interface SharedState {
  holders: Holder[];
  loginCursor: number;
  verifyCursor: number;
}

/** The visit's holder and token as one step sees them. */
export type SessionOf = (context: VisitContext) => { holder: Holder; token: string | undefined };

export function newTally(): Tally {
  const kinds = new Map<string, TallyEntry>();
  return {
    kinds,
    record(kind, status, body) {
      let entry = kinds.get(kind);
      if (!entry) {
        entry = { count: 0, statuses: {}, bytes: 0 };
        kinds.set(kind, entry);
      }
      entry.count += 1;
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
      entry.bytes += body ? Buffer.byteLength(body) : 0;
    },
  };
}

const header = (headers: Record<string, string>, name: string): string | undefined =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

/**
 * The request step for one kind of call. `session(context)` answers { holder, token } for the
 * connection's current visit; `tally` counts answers.
 */
export function step(
  kind: VisitStep,
  { session, tally, state }: { session: SessionOf; tally: Tally; state: SharedState },
): AutocannonRequestStep<VisitContext> {
  const authorized = (
    req: AutocannonRequest,
    context: VisitContext,
    path: (holder: Holder) => string,
  ): AutocannonRequest | null => {
    const { holder, token } = session(context);
    // The visit's login failed (an error or timeout, counted there): like a client, start the
    // visit again with a new login rather than send calls that can only answer 401.
    if (!token) return null;
    context.kind = kind;
    return {
      ...req,
      method: 'GET',
      path: path(holder),
      headers: { ...req.headers, authorization: `Bearer ${token}` },
    };
  };
  type Setup = (req: AutocannonRequest, context: VisitContext) => AutocannonRequest | null;
  const steps: Record<VisitStep, Setup> = {
    health: (req, context) => {
      context.kind = 'health';
      return { ...req, method: 'GET', path: '/health' };
    },
    credentials: (req, context) =>
      authorized(req, context, (h) => `/user/${h.account.userId}/credentials`),
    consent: (req, context) =>
      authorized(req, context, (h) => `/user/${h.account.userId}/consent-requests`),
    verify: (req, context) => {
      const { holder } = session(context);
      context.kind = 'verify';
      state.verifyCursor = (state.verifyCursor + 1) % holder.credentialIds.length;
      return {
        ...req,
        method: 'GET',
        path: `/api/verify/${holder.credentialIds[state.verifyCursor]}`,
      };
    },
    login: (req, context) => {
      const holder = state.holders[state.loginCursor++ % state.holders.length]!;
      context.kind = 'login';
      context.holder = holder;
      context.token = undefined;
      return {
        ...req,
        method: 'POST',
        path: '/api/auth/verify-otp',
        headers: { ...req.headers, 'content-type': 'application/json' },
        body: JSON.stringify(loginBody(holder.account)),
      };
    },
    decide: (req, context) =>
      session(context).token ? decideStep(req, context, session(context)) : null,
  };
  return {
    setupRequest: steps[kind],
    onResponse(status, body, context, headers) {
      const { holder } = session(context);
      if (context.kind === 'login' && status === 200)
        context.token = (JSON.parse(body) as LoginAnswer).session_token;
      if (context.kind === 'approve') {
        holder.deciding -= 1;
        if (status === 200) holder.lastApproval = context.approval ?? null;
      }
      if (context.kind === 'reset') {
        holder.resetting = false;
        if (status === 200) holder.pending = pendingIds(JSON.parse(body) as ConsentRequestsAnswer);
      }
      let recorded = context.kind ?? kind;
      if (
        context.kind === 'replay' &&
        status === 200 &&
        header(headers, 'idempotent-replayed') !== 'true'
      ) {
        recorded = 'replay (not replayed!)';
      }
      tally.record(recorded, status, body);
    },
  };
}

/**
 * The consent decision of a visit: approve a pending request no other connection holds; when
 * none is left and none is in flight, reset them; otherwise replay the last approval's
 * Idempotency-Key (an outbox retry); before any approval finished, list the requests instead.
 */
export function decideStep(
  req: AutocannonRequest,
  context: VisitContext,
  { holder, token }: { holder: Holder; token: string | undefined },
): AutocannonRequest {
  const userId = holder.account.userId;
  const headers = { ...req.headers, authorization: `Bearer ${token}` };
  if (holder.pending.length > 0) {
    const id = holder.pending.pop()!;
    holder.deciding += 1;
    context.kind = 'approve';
    context.approval = {
      key: `bench-${randomUUID()}`,
      path: `/user/${userId}/consent-requests/${id}/approve`,
    };
    const { key, path } = context.approval;
    return { ...req, method: 'POST', path, headers: { ...headers, 'idempotency-key': key } };
  }
  if (holder.deciding === 0 && !holder.resetting) {
    holder.resetting = true;
    context.kind = 'reset';
    return { ...req, method: 'POST', path: `/user/${userId}/consent-requests/reset`, headers };
  }
  if (holder.lastApproval) {
    context.kind = 'replay';
    const { key, path } = holder.lastApproval;
    return { ...req, method: 'POST', path, headers: { ...headers, 'idempotency-key': key } };
  }
  context.kind = 'consent';
  return { ...req, method: 'GET', path: `/user/${userId}/consent-requests`, headers };
}
