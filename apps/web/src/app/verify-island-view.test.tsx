/**
 * The /verify/{id} island draws the verifier page without React (verify-island-view.ts): for
 * every verdict a visitor can get, what it puts on the page must be what the app's verifier page
 * renders (the same elements, classes, texts and accessible names), so nothing changes or moves
 * when the app takes the page over (ADR 0010), and the reveal toggle shows the same values.
 */
import { act, fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { VERIFY_DELAY_MS } from '@/features/verifier/verify-delay';
import { forgetEarlierDelays, passDelay } from '@/testing/fake-delays';
import { verificationAnswer } from '@/testing/fixtures';
import { json, mockFetch, problem } from '@/testing/mock-fetch';
import {
  appPage,
  expectSamePage,
  prerenderedMain,
  removePrerendered,
} from '@/testing/verify-islands';
import { clearVerifyHandOver, handedOverVerifyOutcome } from './verify-hand-over';
import { mountCredentialIsland } from './verify-island';
import { isVerificationAnswer } from './verify-island-answer';

/** A share link's answer: the chosen fields masked, their values in `disclosed`. */
function shareAnswer(maxViews: number | null) {
  const base = verificationAnswer('verified', true);
  return {
    ...base,
    credential_id: 'share-1',
    credential: {
      ...base.credential,
      id: 'share-1',
      credential_subject_masked: {
        document_type: 'PAN Card',
        name: 'Rajesh Kumar Sharma',
        pan_number: 'ABXXXXXX4K',
        date_of_birth: '1985-03-15',
      },
    },
    disclosed: {
      name: 'Rajesh Kumar Sharma',
      pan_number: 'ABCPS1234K',
      date_of_birth: '1985-03-15',
    },
    share: { id: 'share-1', expires_at: '2025-06-08T10:00:00.000Z', views: 2, max_views: maxViews },
  };
}

/** The prerendered /verify frame's <main> (the credential page's). */
const prerenderedFrame = () => prerenderedMain(paths.verify.getHref('_'));

beforeEach(forgetEarlierDelays);

afterEach(() => {
  clearVerifyHandOver();
  removePrerendered();
});

const bare = verificationAnswer('verified', true);
const revoked = {
  ...verificationAnswer('revoked', false, {
    signature: true,
    trusted_issuer: true,
    validity: true,
    status: false,
  } as never),
  credential_status: { value: 'revoked', checked_at: '2025-06-01T10:00:00Z' },
};

describe('the /verify/{id} island draws what the app draws', () => {
  it.each([
    ['a bare link, verified', 'cred-1', () => json(bare)],
    ['a share link with a view limit', 'share-1', () => json(shareAnswer(5))],
    ['a share link without a view limit', 'share-1', () => json(shareAnswer(null))],
    ['an expired credential', 'cred-1', () => json(verificationAnswer('expired', false))],
    ['a revoked credential (status list)', 'cred-1', () => json(revoked)],
    [
      'an untrusted issuer',
      'cred-1',
      () =>
        json(
          verificationAnswer('untrusted_issuer', false, {
            signature: true,
            trusted_issuer: false,
            validity: true,
          }),
        ),
    ],
    ['not found', 'nope', () => problem('credential_not_found', 404, 'Credential not found')],
    ['a withdrawn share', 'share-1', () => problem('share_withdrawn', 410, 'Link withdrawn')],
    ['a share past its expiry', 'share-1', () => problem('share_expired', 410, 'expired')],
    ['a share used up', 'share-1', () => problem('share_used_up', 410, 'View limit reached')],
    ['a bare link turned off', 'cred-1', () => problem('link_disabled', 410, 'Turned off')],
    ['a server error', 'cred-1', () => problem('internal_error', 500, 'Something went wrong')],
    ['an answer of another shape', 'cred-1', () => json({ ...bare, verified: 'yes' })],
  ])('%s', async (_name, id, answer) => {
    mockFetch({ [`GET /api/verify/${id}`]: answer });
    const main = await prerenderedFrame();
    const island = mountCredentialIsland(main, id);
    // The id at once; the verdict only after SPEC 9's second.
    expect(within(main).getByText(id)).toBeVisible();
    expect(within(main).getByText('Loading...')).toBeVisible();
    await passDelay(VERIFY_DELAY_MS);
    await within(main).findByRole('heading', { level: 2 });
    act(() => island.unmount());
    const handedOver = handedOverVerifyOutcome(id);
    if (handedOver?.page !== 'credential') throw new Error('no credential verdict handed over');

    const app = appPage(id, handedOver);
    const islandPage = main.firstElementChild as HTMLElement;
    expectSamePage(islandPage, app);

    // The reveal toggle: the chosen values, then masked again, as in the app.
    const reveal = within(islandPage).queryByRole('button', { name: 'Reveal fields' });
    if (reveal) {
      fireEvent.click(reveal);
      act(() => fireEvent.click(within(app).getByRole('button', { name: 'Reveal fields' })));
      expect(within(islandPage).getByText('ABCPS1234K')).toBeVisible();
      expectSamePage(islandPage, app);
      fireEvent.click(within(islandPage).getByRole('button', { name: 'Hide fields' }));
      act(() => fireEvent.click(within(app).getByRole('button', { name: 'Hide fields' })));
      expectSamePage(islandPage, app);
    }
  });

  it('checks again on Try again, after the delay', async () => {
    let calls = 0;
    mockFetch({
      'GET /api/verify/cred-1': () => {
        calls += 1;
        return calls === 1 ? problem('internal_error', 500, 'Down') : json(bare);
      },
    });
    const main = await prerenderedFrame();
    mountCredentialIsland(main, 'cred-1');
    await passDelay(VERIFY_DELAY_MS);
    expect(await within(main).findByRole('heading', { name: 'Verification failed' })).toBeVisible();
    fireEvent.click(within(main).getByRole('button', { name: 'Try again' }));
    expect(within(main).getByText('Loading...')).toBeVisible();
    await passDelay(VERIFY_DELAY_MS);
    expect(await within(main).findByRole('heading', { name: 'Credential verified' })).toBeVisible();
    expect(calls).toBe(2);
  });
});

describe("the island's check of the answer", () => {
  it('accepts the answers the server sends and refuses other shapes', () => {
    expect(isVerificationAnswer(bare)).toBe(true);
    expect(isVerificationAnswer(shareAnswer(null))).toBe(true);
    expect(isVerificationAnswer(revoked)).toBe(true);
    expect(isVerificationAnswer({ ...bare, status: 'fine' })).toBe(false);
    expect(isVerificationAnswer({ ...bare, credential: null })).toBe(false);
    expect(isVerificationAnswer({ ...bare, checks: { signature: true } })).toBe(false);
    const share = shareAnswer(5);
    expect(isVerificationAnswer({ ...share, share: { ...share.share, views: 1.5 } })).toBe(false);
    expect(isVerificationAnswer([])).toBe(false);
  });
});
