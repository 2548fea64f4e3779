/**
 * The holder load of `npm run chaos` (chaos.ts): clients that behave like the web app of the
 * three demo holders (DECISIONS 2), each from its own loopback address (127.0.1.N, so HAProxy's
 * X-Forwarded-For gives each its own per-IP limits), through the balancer.
 *
 * Each client repeats a visit: log in again when its session is over 10 s old (POST
 * /api/auth/verify-otp), list credentials, do its write, list again what it wrote, append an
 * activity entry, verify one of its credentials by the public link (at most every 2 s, inside
 * the 60-a-minute limit) and, now and then, GET /health. Writes carry an Idempotency-Key and
 * are retried with the same key, as the web app's outbox does, until they get an answer that is
 * not a failure (5xx, no answer, 409 idempotency_in_flight) or 60 s pass.
 * - A "credentials" client owns two document types of its holder: it issues one (POST
 *   /identity/generate-credential) when the holder lacks it and deletes it otherwise.
 * - A "consent" client decides its holder's pending consent requests (approve and reject in
 *   turn, POST .../approve|reject) and, when none is pending, resets them (POST .../reset).
 * Only the owning client writes a given type or request, so each client knows what its own
 * writes must look like afterwards.
 *
 * What is checked while it runs, on every list a client reads:
 * - cross-holder: the list names the client's holder and holds no credential or consent request
 *   known to belong to another holder;
 * - stale: after an acknowledged write the client's next list shows it (an issued credential
 *   present, a deleted one absent, a decision's status), whichever instance answers.
 * What is recorded for afterwards (the ledger): every acknowledged (2xx) write, checked against
 * the database when the run ends (chaos.ts).
 *
 * Every call is recorded (start, end, status, problem code, error kind, the instance that
 * answered from HAProxy's X-Served-By), for the failure and recovery figures.
 */
import { createHash } from 'node:crypto';
import { Agent, request } from 'node:http';
import { DEMO_ACCOUNTS, DEMO_OTP, ISSUABLE_DOCUMENT_TYPES } from '@pehchaan/core';

/** One HTTP call as the load saw it. */
export interface CallRecord {
  client: number;
  kind: string;
  start: number;
  end: number;
  status: number;
  /** The problem `code` of an error answer. */
  code?: string;
  /** Set when no HTTP answer arrived: 'timeout' or the socket error's code. */
  error?: string;
  servedBy?: string;
}

/** Every acknowledged write, to be found in the database afterwards. */
export interface Ledger {
  /** SHA-256 (hex) of each session token a login answered 200 with. */
  sessions: Set<string>;
  /** Credential id -> holder, for each issuance answered 2xx. */
  issued: Map<string, string>;
  /** Credential ids whose deletion was answered 2xx. */
  deleted: Set<string>;
  /** Credential ids whose deletion went unanswered or failed (it may have committed before the
   * answer was lost, e.g. a 503 after the primary died): neither present nor absent is wrong. */
  deleteUncertain: Set<string>;
  /** Activity entry ids answered 2xx (appends and consent decisions). */
  activities: Set<string>;
  /** Consent request id -> the status its owner's last acknowledged write left, unless a later
   * write of that request went unanswered (then `uncertain`). */
  consent: Map<string, { holder: string; status: string; uncertain: boolean }>;
}

export interface Violation {
  kind: 'cross-holder' | 'stale';
  client: number;
  holder: string;
  at: number;
  detail: string;
  servedBy?: string;
  writtenBy?: string;
}

export interface LoadState {
  calls: CallRecord[];
  ledger: Ledger;
  violations: Violation[];
  /** Credential ids per holder known before or from the run, for the cross-holder check. */
  owners: Map<string, string>;
}

export function newLoadState(): LoadState {
  return {
    calls: [],
    ledger: {
      sessions: new Set(),
      issued: new Map(),
      deleted: new Set(),
      deleteUncertain: new Set(),
      activities: new Set(),
      consent: new Map(),
    },
    violations: [],
    owners: new Map(),
  };
}

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  servedBy?: string;
}

const REQUEST_TIMEOUT_MS = 10_000;
const SESSION_REFRESH_MS = 10_000;
const VERIFY_EVERY_MS = 2_000;
const WRITE_GIVE_UP_MS = 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A failed answer for the figures: no answer, or a 5xx. */
export function isFailure(call: Pick<CallRecord, 'status' | 'error'>): boolean {
  return call.error !== undefined || call.status >= 500;
}

export class HolderClient {
  private readonly agent: Agent;
  private token: string | undefined;
  private tokenAt = 0;
  private lastVerify = 0;
  private writes = 0;
  private visits = 0;
  /** Own document type -> credential id held (null: not held; undefined: unknown). */
  private readonly held = new Map<string, string | null | undefined>();
  /** Credential ids this client deleted (acknowledged): never to be listed again. */
  private readonly gone = new Set<string>();
  /** Consent request id -> status expected after own acknowledged writes. */
  private readonly expected = new Map<string, string | undefined>();
  private lastWriteServedBy: string | undefined;
  private decideApprove = true;

  constructor(
    readonly id: number,
    readonly holder: (typeof DEMO_ACCOUNTS)[number],
    readonly role: 'consent' | 'credentials',
    readonly types: string[],
    private readonly base: URL,
    private readonly state: LoadState,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: 1 });
    for (const type of types) this.held.set(type, undefined);
  }

  /** The loopback address this client sends from. */
  get address(): string {
    return `127.0.1.${this.id + 1}`;
  }

  /** Logs in and lists the holder's credentials once (owners for the cross-holder check). */
  async snapshot(): Promise<boolean> {
    const listed = (await this.login()) && (await this.listCredentials()) !== undefined;
    this.agent.destroy();
    return listed;
  }

  /** Runs visits until `running()` is false. */
  async run(running: () => boolean, thinkMs: number): Promise<void> {
    while (running()) {
      await this.visit(thinkMs);
      this.visits++;
    }
    this.agent.destroy();
  }

  private async visit(thinkMs: number): Promise<void> {
    const userId = this.holder.userId;
    if (!this.token || Date.now() - this.tokenAt > SESSION_REFRESH_MS) {
      if (!(await this.login())) {
        await sleep(250);
        return;
      }
      await sleep(thinkMs);
    }
    await this.listCredentials();
    await sleep(thinkMs);
    if (this.role === 'credentials') {
      await this.writeCredential();
      await sleep(thinkMs);
      await this.listCredentials();
    } else {
      await this.decideConsent();
      await sleep(thinkMs);
      await this.listConsent();
    }
    await sleep(thinkMs);
    await this.write('activity', 'POST', `/user/${userId}/activity-logs`, {
      type: 'test_manual',
      description: `chaos client ${this.id} visit ${this.visits}`,
    });
    await sleep(thinkMs);
    const own = [...this.held.values()].find((id): id is string => typeof id === 'string');
    if (own && Date.now() - this.lastVerify > VERIFY_EVERY_MS) {
      this.lastVerify = Date.now();
      await this.call('verify-link', 'GET', `/api/verify/${own}`);
      await sleep(thinkMs);
    }
    if (this.visits % 5 === 0) {
      await this.call('health', 'GET', '/health', undefined, { auth: false });
      await sleep(thinkMs);
    }
  }

  private async login(): Promise<boolean> {
    const answer = await this.call(
      'login',
      'POST',
      '/api/auth/verify-otp',
      {
        aadhaarNumber: this.holder.aadhaarNumber,
        phoneNumber: this.holder.phoneNumber,
        otp: DEMO_OTP,
      },
      { auth: false },
    );
    const token = (answer?.body as { session_token?: unknown } | undefined)?.session_token;
    if (answer?.status !== 200 || typeof token !== 'string') return false;
    this.token = token;
    this.tokenAt = Date.now();
    this.state.ledger.sessions.add(createHash('sha256').update(token).digest('hex'));
    return true;
  }

  /** Lists credentials; checks holder, owners and own writes (module docstring). */
  async listCredentials(): Promise<string[] | undefined> {
    const userId = this.holder.userId;
    const answer = await this.call('list-credentials', 'GET', `/user/${userId}/credentials`);
    if (answer?.status === 401) this.token = undefined;
    if (answer?.status !== 200) return undefined;
    const body = answer.body as {
      user_id?: string;
      credentials?: { id: string; credential_subject?: { document_type?: string } }[];
    };
    const credentials = body.credentials ?? [];
    if (body.user_id !== userId) {
      this.violation('cross-holder', `credentials list names ${body.user_id}`, answer);
    }
    for (const credential of credentials) {
      const owner = this.state.owners.get(credential.id);
      if (owner && owner !== userId) {
        this.violation('cross-holder', `credential ${credential.id} of ${owner}`, answer);
      }
      if (!owner) this.state.owners.set(credential.id, userId);
      if (this.gone.has(credential.id)) {
        this.violation('stale', `deleted credential ${credential.id} still listed`, answer);
      }
    }
    const ids = new Set(credentials.map((credential) => credential.id));
    for (const [type, expected] of this.held) {
      if (typeof expected === 'string' && !ids.has(expected)) {
        this.violation('stale', `issued credential ${expected} (${type}) missing`, answer);
      }
      if (expected === undefined) {
        // Unknown (first visit, or a write whose outcome is uncertain): learn it from the list.
        const found = credentials.find(
          (credential) => typeKey(credential.credential_subject?.document_type) === type,
        );
        this.held.set(type, found?.id ?? null);
      }
    }
    return [...ids];
  }

  private async writeCredential(): Promise<void> {
    const userId = this.holder.userId;
    const type = this.types[this.writes % this.types.length] as string;
    this.writes++;
    const current = this.held.get(type);
    if (current === undefined) return;
    if (current === null) {
      const answer = await this.write(
        'issue',
        'POST',
        `/identity/generate-credential?user_id=${userId}&document_type=${type}`,
        undefined,
      );
      const id = (answer?.body as { credential_id?: unknown } | undefined)?.credential_id;
      if (answer && answer.status < 300 && typeof id === 'string') {
        this.state.ledger.issued.set(id, userId);
        this.state.owners.set(id, userId);
        this.held.set(type, id);
      } else {
        // Refused or uncertain (e.g. 409 duplicate_document after a lost answer): relearn it.
        this.held.set(type, undefined);
      }
    } else {
      const answer = await this.write(
        'delete',
        'DELETE',
        `/user/${userId}/credentials/${current}`,
        undefined,
      );
      if (answer && answer.status < 300) {
        this.state.ledger.deleted.add(current);
        this.gone.add(current);
        this.held.set(type, null);
      } else {
        this.state.ledger.deleteUncertain.add(current);
        this.held.set(type, undefined);
      }
    }
  }

  /** Lists consent requests; checks holder and own decisions. */
  async listConsent(): Promise<{ id: string; status: string }[] | undefined> {
    const userId = this.holder.userId;
    const answer = await this.call('list-consent', 'GET', `/user/${userId}/consent-requests`);
    if (answer?.status === 401) this.token = undefined;
    if (answer?.status !== 200) return undefined;
    const body = answer.body as {
      user_id?: string;
      consent_requests?: { id: string; status: string; user_id?: string }[];
    };
    if (body.user_id !== undefined && body.user_id !== userId) {
      this.violation('cross-holder', `consent list names ${body.user_id}`, answer);
    }
    const requests = body.consent_requests ?? [];
    for (const item of requests) {
      if ((item.user_id !== undefined && item.user_id !== userId) || !item.id.includes(userId)) {
        this.violation('cross-holder', `consent request ${item.id} of another holder`, answer);
      }
      const expected = this.expected.get(item.id);
      if (expected !== undefined && expected !== item.status) {
        this.violation(
          'stale',
          `consent request ${item.id} is ${item.status}, wrote ${expected}`,
          answer,
        );
      }
    }
    return requests;
  }

  private async decideConsent(): Promise<void> {
    const userId = this.holder.userId;
    const requests = await this.listConsent();
    if (!requests) return;
    const pending = requests.find((item) => item.status === 'pending');
    const ledger = this.state.ledger.consent;
    const uncertain = (ids: string[]) => {
      for (const id of ids) {
        this.expected.set(id, undefined);
        const entry = ledger.get(id);
        if (entry) entry.uncertain = true;
      }
    };
    if (pending) {
      const decision = this.decideApprove ? 'approve' : 'reject';
      this.decideApprove = !this.decideApprove;
      const answer = await this.write(
        decision,
        'POST',
        `/user/${userId}/consent-requests/${pending.id}/${decision}`,
        {},
      );
      const status = decision === 'approve' ? 'approved' : 'rejected';
      const activity = (answer?.body as { activity_log?: { id?: unknown } } | undefined)
        ?.activity_log?.id;
      if (answer && answer.status < 300) {
        this.expected.set(pending.id, status);
        ledger.set(pending.id, { holder: userId, status, uncertain: false });
        if (typeof activity === 'string') this.state.ledger.activities.add(activity);
      } else if (!answer || answer.status >= 500 || answer.status === 409) {
        uncertain([pending.id]);
      }
      return;
    }
    const answer = await this.write('reset', 'POST', `/user/${userId}/consent-requests/reset`, {});
    const ids = requests.map((item) => item.id);
    if (answer && answer.status < 300) {
      const after = (answer.body as { consent_requests?: { id: string; status: string }[] })
        .consent_requests;
      for (const item of after ?? []) {
        if (!item.id.includes(userId)) continue;
        this.expected.set(item.id, item.status);
        ledger.set(item.id, { holder: userId, status: item.status, uncertain: false });
      }
    } else {
      uncertain(ids);
    }
  }

  /**
   * A write with an Idempotency-Key, retried with the same key (the outbox) while it fails or
   * the first attempt is still in flight; gives up after WRITE_GIVE_UP_MS (undefined: no
   * answer that counts). Acknowledged activity entries go to the ledger.
   */
  private async write(
    kind: string,
    method: string,
    path: string,
    body: unknown,
  ): Promise<Answer | undefined> {
    const key = `chaos-${this.id}-${Date.now()}-${this.writes}-${kind}`;
    const started = Date.now();
    for (;;) {
      const answer = await this.call(kind, method, path, body, { key });
      const retry =
        !answer ||
        answer.status >= 500 ||
        (answer.status === 409 && isCode(answer, 'idempotency_in_flight'));
      if (!retry) {
        if (answer.status === 401) this.token = undefined;
        if (answer.status < 300) this.lastWriteServedBy = answer.servedBy;
        if (kind === 'activity' && answer.status < 300) {
          const id = (answer.body as { activity_log?: { id?: unknown } }).activity_log?.id;
          if (typeof id === 'string') this.state.ledger.activities.add(id);
        }
        return answer;
      }
      if (Date.now() - started > WRITE_GIVE_UP_MS) return undefined;
      await sleep(answer?.status === 409 ? 1_000 : 250);
      if (!this.token) return undefined;
    }
  }

  private violation(kind: Violation['kind'], detail: string, answer: Answer): void {
    this.state.violations.push({
      kind,
      client: this.id,
      holder: this.holder.userId,
      at: Date.now(),
      detail,
      ...(answer.servedBy ? { servedBy: answer.servedBy } : {}),
      ...(this.lastWriteServedBy ? { writtenBy: this.lastWriteServedBy } : {}),
    });
  }

  /** One HTTP call, recorded; undefined when no answer arrived. */
  private call(
    kind: string,
    method: string,
    path: string,
    body?: unknown,
    options: { auth?: boolean; key?: string } = {},
  ): Promise<Answer | undefined> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.auth !== false && this.token) headers.authorization = `Bearer ${this.token}`;
    if (options.key) headers['idempotency-key'] = options.key;
    const text = body === undefined ? undefined : JSON.stringify(body);
    if (text !== undefined) headers['content-type'] = 'application/json';
    const record: CallRecord = { client: this.id, kind, start: Date.now(), end: 0, status: 0 };
    this.state.calls.push(record);
    return httpCall(this.base, method, path, headers, text, this.agent, this.address).then(
      (answer) => {
        record.end = Date.now();
        record.status = answer.status;
        if (answer.servedBy) record.servedBy = answer.servedBy;
        const code = (answer.body as { code?: unknown } | undefined)?.code;
        if (answer.status >= 400 && typeof code === 'string') record.code = code;
        return answer;
      },
      (error: unknown) => {
        record.end = Date.now();
        record.error =
          error instanceof Error
            ? ((error as NodeJS.ErrnoException).code ?? error.message)
            : 'error';
        return undefined;
      },
    );
  }
}

function isCode(answer: Answer, code: string): boolean {
  return (answer.body as { code?: unknown } | undefined)?.code === code;
}

/** The catalogue key of a document type's SPEC name ('PAN Card' -> 'pan'). */
function typeKey(name: string | undefined): string | undefined {
  return ISSUABLE_DOCUMENT_TYPES.find((type) => type.name === name || type.key === name)?.key;
}

/**
 * One HTTP request from `localAddress`; resolves with status, parsed JSON body and headers;
 * rejects on a socket error or after REQUEST_TIMEOUT_MS ('timeout': a hang).
 */
export function httpCall(
  base: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  agent: Agent | undefined,
  localAddress: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers:
          body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
        agent,
        localAddress,
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = text;
          }
          const servedBy = response.headers['x-served-by'];
          resolve({
            status: response.statusCode ?? 0,
            body: parsed,
            headers: response.headers,
            ...(typeof servedBy === 'string' ? { servedBy } : {}),
          });
        });
        response.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/**
 * The clients of a run: per demo holder one consent client and `credentialClients` credential
 * clients, each owning two of the nine issuable types (so at most four per holder).
 */
export function makeClients(
  base: URL,
  state: LoadState,
  credentialClients: number,
): HolderClient[] {
  const clients: HolderClient[] = [];
  const types = ISSUABLE_DOCUMENT_TYPES.map((type) => type.key);
  for (const holder of DEMO_ACCOUNTS) {
    clients.push(new HolderClient(clients.length, holder, 'consent', [], base, state));
    for (let slot = 0; slot < Math.min(credentialClients, 4); slot++) {
      const owned = types.slice(slot * 2, slot * 2 + 2);
      clients.push(new HolderClient(clients.length, holder, 'credentials', owned, base, state));
    }
  }
  return clients;
}
