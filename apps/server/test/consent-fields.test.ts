/**
 * What the holder is asked, and what was sent (docs/oid4vp.md "Seeded requests"), on every
 * backend: each seeded request lists every claim with the reason its verifier's registered
 * purpose gives and whether it is required or optional (Phone wherever it is asked, PAN where
 * the purpose can do without it); approving with an optional claim unticked sends only the
 * ticked claims to the product's own verifier (GET /verifier/requests/{id}), exactly what core's
 * plannedDisclosure showed before Approve; and the consent then says what was sent
 * (`presentation.sent`, from its approval's receipt), in the decision's answer and after
 * re-reading, also once withdrawn; a rejected one sent nothing. A verifier registered with
 * reasons has them on its requests; reasons that name no claim of the purpose, or lack the
 * Hindi text, are refused.
 */
import { randomBytes } from 'node:crypto';
import {
  type ConsentPresentation,
  type ConsentRequest,
  consentDecisionAnswerSchema,
  consentRequestListSchema,
  consentWithdrawalAnswerSchema,
  plannedDisclosure,
  VERIFIER_SEEDS,
  type VerifierRequestAnswer,
  verifierRequestAnswerSchema,
} from '@pehchaan/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { presentationRequests, verifierPurposes } from '../src/db/schema';
import { createVerifierRegistry } from '../src/lib/verifier-registry';
import { createVerifierApiKey } from '../src/verifier/create-verifier-api-key';
import { registerVerifier } from '../src/verifier/register-verifier';
import { bearer, buildTestApp, loginDemo, TestClock } from './helpers/app';
import { backends, type OpenedDatabase } from './helpers/backends';

const BANK = 'consent-user-001-bank';
const TELECOM = 'consent-user-001-telecom';
const INSURER = 'consent-user-001-insurer';
const VERIFIER_OF: Record<string, string> = {
  [BANK]: 'State Bank of India',
  [TELECOM]: 'Bharti Airtel',
  [INSURER]: 'LIC of India',
};

/** The seed's reasons of a verifier's purpose, by claim. */
const seedReasons = (verifierName: string) =>
  VERIFIER_SEEDS.find((v) => v.name === verifierName)?.purposes[0]?.claimReasons ?? {};

/** Each credential query's claims as [name, required, reason, reason_hi]. */
const claimsOf = (presentation: ConsentPresentation | undefined) =>
  Object.fromEntries(
    (presentation?.credentials ?? []).map((c) => [
      c.query_id,
      c.claims.map((claim) => [claim.name, claim.required, claim.reason, claim.reason_hi]),
    ]),
  );

describe.each(backends)('consent fields, reasons and what was sent on $name', (backend) => {
  let opened: OpenedDatabase;
  let app: FastifyInstance;
  let token: string;
  const keys: Record<string, string> = {};
  const clock = new TestClock();

  beforeAll(async () => {
    opened = await backend.open();
    app = await buildTestApp(opened.database, { now: clock.now, masterKey: randomBytes(32) });
    token = await loginDemo(app);
    for (const name of Object.values(VERIFIER_OF)) {
      keys[name] = (await createVerifierApiKey({ ...app.deps, verifierName: name })).apiKey;
    }
  });
  afterAll(async () => {
    await app?.close();
    await opened?.dispose();
  });
  beforeEach(() => clock.advance(1000));

  const post = (url: string, payload?: unknown) =>
    app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const listed = async (id: string): Promise<ConsentRequest> => {
    const response = await app.inject({
      url: '/user/user-001/consent-requests',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const found = consentRequestListSchema
      .parse(response.json())
      .consent_requests.find((r) => r.id === id);
    if (!found) throw new Error(`${id} is not listed`);
    return found;
  };
  const linkOf = async (consentRequestId: string) => {
    const [row] = await app.deps.db
      .select({ id: presentationRequests.verifierRequestId })
      .from(presentationRequests)
      .where(eq(presentationRequests.consentRequestId, consentRequestId));
    return row?.id ?? '';
  };
  const verifierView = async (
    consentRequestId: string,
    id: string,
  ): Promise<VerifierRequestAnswer> => {
    const key = keys[VERIFIER_OF[consentRequestId] ?? ''] ?? '';
    const response = await app.inject({ url: `/verifier/requests/${id}`, headers: bearer(key) });
    expect(response.statusCode).toBe(200);
    return verifierRequestAnswerSchema.parse(response.json());
  };
  /** The verifier's received claim names per credential query id. */
  const receivedClaims = (answer: VerifierRequestAnswer) =>
    Object.fromEntries(
      Object.entries(answer.credentials ?? {}).map(([id, list]) => [
        id,
        Object.keys(list[0]?.claims ?? {}).sort(),
      ]),
    );
  /** `sent` as query id -> sorted claim names. */
  const sentClaims = (request: ConsentRequest) =>
    Object.fromEntries(
      (request.presentation?.sent ?? []).map((c) => [
        c.query_id,
        c.claims.map((claim) => claim.name).sort(),
      ]),
    );
  const addCredential = async (type: string) => {
    const response = await post(
      `/identity/generate-credential?user_id=user-001&document_type=${type}`,
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  const approve = async (id: string, claims?: string[]) => {
    const response = await post(
      `/user/user-001/consent-requests/${id}/approve`,
      claims ? { claims } : undefined,
    );
    expect(response.statusCode, response.body).toBe(200);
    return consentDecisionAnswerSchema.parse(response.json());
  };

  it('a seeded request lists each claim with its reason, required or optional', async () => {
    const bank = await listed(BANK);
    const sbi = seedReasons('State Bank of India');
    const reason = (claim: string) => [sbi[claim]?.en, sbi[claim]?.hi];
    expect(claimsOf(bank.presentation)).toEqual({
      aadhaar: [
        ['name', true, ...reason('name')],
        ['aadhaar_number', true, ...reason('aadhaar_number')],
        ['phone', false, ...reason('phone')],
        ['address', true, ...reason('address')],
        ['date_of_birth', true, ...reason('date_of_birth')],
      ],
      pan: [['pan_number', true, ...reason('pan_number')]],
      basic_identity: [
        ['name', true, ...reason('name')],
        ['date_of_birth', true, ...reason('date_of_birth')],
      ],
    });
    expect(bank.presentation?.credential_sets).toEqual([
      { options: [['aadhaar'], ['basic_identity']], required: true },
      { options: [['pan']], required: false },
    ]);
    expect(sbi.phone?.en).toMatch(/Not needed to open the account/);

    const telecom = await listed(TELECOM);
    const phone = telecom.presentation?.credentials
      .find((c) => c.query_id === 'aadhaar')
      ?.claims.find((claim) => claim.name === 'phone');
    expect(phone).toMatchObject({
      required: false,
      reason: seedReasons('Bharti Airtel').phone?.en,
      reason_hi: seedReasons('Bharti Airtel').phone?.hi,
    });

    const insurer = await listed(INSURER);
    expect(claimsOf(insurer.presentation).pan?.map(([name, required]) => [name, required])).toEqual(
      [
        ['name', true],
        ['date_of_birth', true],
        ['pan_number', false],
      ],
    );
    // Pending: nothing sent yet, and nothing claimed to be.
    expect(bank.presentation?.sent).toBeUndefined();
  });

  it('approving with Phone unticked sends only the ticked claims, and the consent says so after re-reading', async () => {
    await addCredential('aadhaar');
    await addCredential('pan');
    const before = await listed(BANK);
    const ticked = ['name', 'aadhaar_number', 'address', 'date_of_birth', 'pan_number'];
    // What the holder's screen shows before Approve (core's plannedDisclosure).
    const shown = plannedDisclosure(before.presentation as ConsentPresentation, ticked);
    expect(shown.map((c) => [c.query_id, c.claims.map((claim) => claim.name).sort()])).toEqual([
      ['aadhaar', ['aadhaar_number', 'address', 'date_of_birth', 'name']],
      ['pan', ['pan_number']],
    ]);

    const id = await linkOf(BANK);
    const answer = await approve(BANK, ticked);
    const view = await verifierView(BANK, id);
    expect(view.status).toBe('shared');
    expect(receivedClaims(view)).toEqual(
      Object.fromEntries(
        shown.map((c) => [c.query_id, c.claims.map((claim) => claim.name).sort()]),
      ),
    );
    expect(receivedClaims(view).aadhaar).not.toContain('phone');

    // The decision's answer and the list, read again, say what was sent: never Phone.
    expect(sentClaims(answer.consent_request)).toEqual(receivedClaims(view));
    const after = await listed(BANK);
    expect(after.status).toBe('approved');
    expect(sentClaims(after)).toEqual(receivedClaims(view));
    expect(after.presentation?.sent).toEqual([
      {
        query_id: 'aadhaar',
        document_type: 'aadhaar',
        document_name: 'Aadhaar Card',
        claims: [
          { name: 'name', label: 'Name' },
          { name: 'aadhaar_number', label: 'Aadhaar number' },
          { name: 'address', label: 'Address' },
          { name: 'date_of_birth', label: 'Date of Birth' },
        ],
      },
      {
        query_id: 'pan',
        document_type: 'pan',
        document_name: 'PAN Card',
        claims: [{ name: 'pan_number', label: 'PAN Number' }],
      },
    ]);
  });

  it('a withdrawn consent still shows what was sent; a rejected request sent nothing', async () => {
    const approved = await listed(BANK);
    const withdrawn = await post(`/user/user-001/consent-requests/${BANK}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const answer = consentWithdrawalAnswerSchema.parse(withdrawn.json());
    expect(answer.consent_request.status).toBe('withdrawn');
    expect(answer.consent_request.presentation?.sent).toEqual(approved.presentation?.sent);
    const reread = await listed(BANK);
    expect(reread.status).toBe('withdrawn');
    expect(reread.presentation?.sent).toEqual(approved.presentation?.sent);

    const rejected = await post(`/user/user-001/consent-requests/${TELECOM}/reject`);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(
      consentDecisionAnswerSchema.parse(rejected.json()).consent_request.presentation?.sent,
    ).toEqual([]);
    expect((await listed(TELECOM)).presentation?.sent).toEqual([]);
  });

  it("the insurer's optional PAN number can be left out: the PAN Card answers name and date of birth", async () => {
    const id = await linkOf(INSURER);
    const answer = await approve(INSURER, ['name', 'date_of_birth']);
    expect(receivedClaims(await verifierView(INSURER, id))).toEqual({
      pan: ['date_of_birth', 'name'],
    });
    expect(sentClaims(answer.consent_request)).toEqual({ pan: ['date_of_birth', 'name'] });
    expect(sentClaims(await listed(INSURER))).toEqual({ pan: ['date_of_birth', 'name'] });
  });

  it('a verifier registered with reasons has them; reasons naming no claim, or without Hindi, are refused', async () => {
    const purpose = {
      code: 'open_account',
      textEn: 'Open an account',
      textHi: 'खाता खोलना',
      claims: { pan: ['name', 'pan_number'] },
      retentionDays: 365,
    };
    const added = await registerVerifier({
      ...app.deps,
      verifier: {
        name: 'Acme Bank',
        grievanceContact: 'grievance@acme.example',
        purpose: {
          ...purpose,
          claimReasons: { pan_number: { en: 'Tax rules need it', hi: 'कर नियमों में आवश्यक' } },
        },
      },
    });
    const [row] = await app.deps.db
      .select({ reasons: verifierPurposes.claimReasons })
      .from(verifierPurposes)
      .where(eq(verifierPurposes.verifierId, added.id));
    expect(row?.reasons).toEqual({
      pan_number: { en: 'Tax rules need it', hi: 'कर नियमों में आवश्यक' },
    });
    const registered = await createVerifierRegistry(app.deps.db).find(added.did);
    expect(registered?.purposes?.[0]?.claimReasons).toEqual(row?.reasons);

    const refused = (claimReasons: Record<string, { en: string; hi: string }>, name: string) =>
      registerVerifier({
        ...app.deps,
        verifier: { name, grievanceContact: 'g@x.example', purpose: { ...purpose, claimReasons } },
      });
    await expect(
      refused({ phone: { en: 'To call you', hi: 'आपको कॉल करने के लिए' } }, 'Bank B'),
    ).rejects.toThrow('A reason names phone, which the purpose does not ask for');
    await expect(refused({ name: { en: 'Your name', hi: ' ' } }, 'Bank C')).rejects.toThrow(
      'The reason for name needs an English and a Hindi text (Hindi is missing)',
    );
  });
});
