/**
 * /verify "Scan offline QR": a real offline QR (testing/offline-qr.ts: SD-JWT VC, KB-JWT, the
 * PH1 codec) read from an image file is verified on the device against the trust list and the
 * issuer's status list as fetched (online, or the service worker's saved copy: the same fetch),
 * and the page shows the verdict, the nonce, the disclosed fields with their labels, the checks,
 * what could not be checked offline and the age of the lists. The image decoder (jsqr on a
 * canvas, which jsdom lacks) is replaced by one that returns the QR's text.
 */
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { makeOfflineQr, OFFLINE_NONCE, type OfflineQrFixture } from '@/testing/offline-qr';
import { renderApp } from '@/testing/render-app';

const image = vi.hoisted(() => ({ text: null as string | null }));
vi.mock('../read-qr-image', () => ({ readQrImage: async () => image.text }));

/** When the saved copies were made (their Date header). */
const FETCHED = new Date(Date.now() - 2 * 60 * 1000).toUTCString();

function answer(body: string, type: string): Response {
  return new Response(body, { headers: { 'Content-Type': type, Date: FETCHED } });
}

function serve(fixture: OfflineQrFixture, status: number | null, listDate = FETCHED) {
  const listPath = new URL(fixture.statusListUri).pathname;
  return mockFetch({
    'GET /trust-list': () => answer(JSON.stringify(fixture.trustList), 'application/json'),
    ...(status === null
      ? {}
      : {
          [`GET ${listPath}`]: async () =>
            new Response(await fixture.statusListJwt(status), {
              headers: { 'Content-Type': 'application/statuslist+jwt', Date: listDate },
            }),
        }),
  });
}

async function scanImage() {
  const view = renderApp('/verify');
  await view.user.click(await screen.findByRole('button', { name: 'Scan offline QR' }));
  const input = screen.getByLabelText('Or choose a photo or screenshot of the code');
  await view.user.upload(input, new File(['png'], 'offline-qr.png', { type: 'image/png' }));
  return view;
}

describe('/verify: Scan offline QR', () => {
  beforeEach(() => {
    image.text = null;
  });

  it('verifies a QR image on the device: nonce, fields, checks, and the lists used', async () => {
    const fixture = await makeOfflineQr({ origin: window.location.origin });
    image.text = fixture.text;
    const { calls } = serve(fixture, 0);
    await scanImage();

    expect(await screen.findByRole('heading', { name: 'Offline QR verified' })).toBeVisible();
    expect(screen.getByTestId('offline-nonce')).toHaveTextContent(OFFLINE_NONCE);
    expect(screen.getByText(/^Shown at .*, valid until/)).toBeVisible();
    const details = screen.getByRole('region', { name: 'Credential details' });
    expect(within(details).getByText('PAN Card')).toBeVisible();
    expect(within(details).getByText('Income Tax Department')).toBeVisible();
    expect(within(details).getByText("Holder's signature")).toBeVisible();
    expect(within(details).getAllByText('Passed')).toHaveLength(12);

    const fields = screen.getByRole('region', { name: 'Fields shown' });
    expect(within(fields).getByText('Priya Sharma')).toBeVisible();
    // The PAN is masked as on the cards; date of birth was not disclosed.
    expect(within(fields).queryByText('ABCDE1234F')).toBeNull();
    expect(fields.querySelector('[data-field="pan_number"]')).not.toBeNull();
    expect(fields.querySelector('[data-field="date_of_birth"]')).toBeNull();

    expect(screen.getByText(/^Trust list from /)).toBeVisible();
    expect(screen.getByText(/^Status checked with a list from /)).toBeVisible();
    expect(screen.queryByText('Not checked offline')).toBeNull();
    // Nothing read from the code was sent anywhere: only the public lists were asked for.
    for (const call of calls) {
      expect(call.path).toMatch(/^\/(trust-list|status-lists\/)/);
      expect(call.method).toBe('GET');
    }
  });

  it('refuses a credential its issuer revoked, and shows no fields', async () => {
    const fixture = await makeOfflineQr({ origin: window.location.origin });
    image.text = fixture.text;
    serve(fixture, 1);
    await scanImage();
    expect(await screen.findByRole('heading', { name: 'Credential revoked' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Fields shown' })).toBeNull();
    // Nothing to compare on a refused code.
    expect(screen.queryByTestId('offline-nonce')).toBeNull();
  });

  it('says what it could not check when no status list is saved', async () => {
    const fixture = await makeOfflineQr({ origin: window.location.origin });
    image.text = fixture.text;
    serve(fixture, null);
    await scanImage();
    expect(await screen.findByRole('heading', { name: 'Offline QR verified' })).toBeVisible();
    expect(screen.getByText('Not checked offline')).toBeVisible();
    expect(screen.getByText(/no saved status list for this credential's issuer/)).toBeVisible();
    expect(screen.queryByText(/^Status checked with a list from /)).toBeNull();
  });

  it('says the saved status list is older than its lifetime, and how old', async () => {
    const fixture = await makeOfflineQr({ origin: window.location.origin });
    image.text = fixture.text;
    serve(fixture, 0, new Date(Date.now() - 5 * 3600 * 1000).toUTCString());
    await scanImage();
    expect(await screen.findByRole('heading', { name: 'Offline QR verified' })).toBeVisible();
    expect(screen.getByText('Not checked offline')).toBeVisible();
    expect(
      screen.getByText(
        'Status: the saved list is from 5 hours ago, older than its lifetime of 5 minutes, so a recent revocation may not show.',
      ),
    ).toBeVisible();
  });

  it('says "Presentation expired" for an on-screen QR older than 10 minutes', async () => {
    const fixture = await makeOfflineQr({
      origin: window.location.origin,
      iatSeconds: Math.floor(Date.now() / 1000) - 11 * 60,
    });
    image.text = fixture.text;
    serve(fixture, 0);
    await scanImage();
    expect(await screen.findByRole('heading', { name: 'Presentation expired' })).toBeVisible();
  });

  it('shows a printed copy with its date and no time limit', async () => {
    const fixture = await makeOfflineQr({
      origin: window.location.origin,
      aud: 'offline-print',
      iatSeconds: Math.floor(Date.now() / 1000) - 30 * 86_400,
    });
    image.text = fixture.text;
    serve(fixture, 0);
    await scanImage();
    expect(await screen.findByRole('heading', { name: 'Offline QR verified' })).toBeVisible();
    expect(screen.getByText(/^Printed on /)).toBeVisible();
  });

  it('refuses a changed code and any other QR code', async () => {
    const fixture = await makeOfflineQr({ origin: window.location.origin });
    serve(fixture, 0);
    image.text = `${fixture.text.slice(0, 40)}${fixture.text.slice(41)}`;
    const view = await scanImage();
    expect(await screen.findByRole('heading', { name: 'Invalid offline QR' })).toBeVisible();

    image.text = 'https://example.com/verify/abc';
    await view.user.upload(
      screen.getByLabelText('Or choose a photo or screenshot of the code'),
      new File(['png'], 'other.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('heading', { name: 'Not an offline QR' })).toBeVisible();
  });

  it('says so when the image holds no QR code, or no trust list was ever saved', async () => {
    mockFetch({});
    const view = await scanImage();
    expect(await screen.findByText(/No QR code could be read in this image/)).toBeVisible();

    image.text = (await makeOfflineQr({ origin: window.location.origin })).text;
    await view.user.upload(
      screen.getByLabelText('Or choose a photo or screenshot of the code'),
      new File(['png'], 'qr.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(/no saved trust list yet/)).toBeVisible();
  });
});
