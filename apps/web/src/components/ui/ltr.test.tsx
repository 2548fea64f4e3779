/**
 * Left to right inside right to left (docs/i18n.md "Right to left"; UAX 9 isolates): identifiers,
 * dates and numbers keep their order when the screen is laid out right to left (Urdu, Kashmiri,
 * Sindhi). The components render inside a `dir="rtl"` container, as a right-to-left language's
 * `<html dir>` would lay them out; each value's nearest `dir` is `ltr`, on an element that
 * isolates it (`<bdi>`, or an element with `dir`, which HTML isolates: "unicode-bidi: isolate").
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import {
  type CredentialActions,
  CredentialCard,
} from '@/features/credentials/components/credential-card';
import { AccountSection } from '@/features/settings/components/account-section';
import { isolateLtr } from '@/lib/bidi';
import { DEFAULT_FORMAT_PREFERENCES, formatDate } from '@/lib/format';
import { credential } from '@/testing/fixtures';
import { DEMO_USER } from '@/testing/render-app';
import { LinkActions } from './link-actions';
import { Ltr } from './ltr';

function rtl(children: ReactNode) {
  return render(<div dir="rtl">{children}</div>);
}

/** The element that decides the direction of `text`: its nearest ancestor with `dir`. */
function directionOf(text: string | RegExp): HTMLElement {
  const element = screen.getByText(text);
  const decider = element.closest<HTMLElement>('[dir]');
  if (!decider) throw new Error(`no dir around ${String(text)}`);
  return decider;
}

const actions: CredentialActions = {
  linksOf: () => ({
    shares: [],
    qrLink: 'http://localhost/verify/share-1',
    withdrawingId: null,
    publicLink: null,
  }),
  onShowQr: vi.fn(),
  onCloseQr: vi.fn(),
  onWithdrawShare: vi.fn(),
  onShare: vi.fn(),
  onCopy: vi.fn(),
  onDownload: vi.fn(),
  onDownloadPdf: vi.fn(),
  onDelete: vi.fn(),
  revealOf: () => null,
  onSetPublicLink: vi.fn(),
  checkStatusOf: () => ({ check: vi.fn(), busy: false }),
};

describe('left to right inside right to left', () => {
  it('Ltr is an isolating bdi, left to right, that adds no text', () => {
    rtl(
      <p>
        آدھار <Ltr>XXXX XXXX 0125</Ltr>
      </p>,
    );
    const element = directionOf('XXXX XXXX 0125');
    expect(element.tagName).toBe('BDI');
    expect(element).toHaveAttribute('dir', 'ltr');
    expect(element.parentElement).toHaveTextContent(/^آدھار XXXX XXXX 0125$/);
  });

  it("Settings' account rows keep the masked Aadhaar number and the phone number left to right", () => {
    rtl(
      <MemoryRouter>
        <AccountSection user={DEMO_USER} userId="user-001" onSignOut={async () => {}} />
      </MemoryRouter>,
    );
    expect(directionOf('XXXX XXXX 0125')).toHaveAttribute('dir', 'ltr');
    expect(directionOf('98XXXXXX10')).toHaveAttribute('dir', 'ltr');
    expect(directionOf('user-001')).toHaveAttribute('dir', 'ltr');
  });

  it("a credential card keeps its document number, its link and its QR code's text left to right", async () => {
    rtl(
      <CredentialCard
        credential={credential('pan-1', {
          credential_subject: {
            id: 'did:key:z6MkHolder',
            name: 'Rajesh',
            document_type: 'PAN Card',
            pan_number: 'ABCPS1234K',
          },
        })}
        actions={actions}
        now={Date.parse('2025-06-01T06:00:00.000Z')}
      />,
    );
    const number = directionOf('ABXXXXXX4K');
    expect(number.tagName).toBe('BDI');
    expect(number).toHaveAttribute('dir', 'ltr');
    await screen.findByText('http://localhost/verify/share-1');
    expect(directionOf('http://localhost/verify/share-1')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('img', { name: /QR/ })).toHaveAttribute('dir', 'ltr');
  });

  it("a share link's address under its QR code reads left to right", async () => {
    rtl(<LinkActions url="http://localhost/s/abc" openHref="/s/abc" name="PAN Card" />);
    await userEvent.setup().click(screen.getByRole('button', { name: /QR/ }));
    expect(directionOf('http://localhost/s/abc')).toHaveAttribute('dir', 'ltr');
  });

  it('dates and numbers interpolated into a right-to-left sentence are isolated left to right', () => {
    const date = formatDate('2025-03-15', { ...DEFAULT_FORMAT_PREFERENCES, language: 'ur' });
    expect(isolateLtr(date, 'ur')).toBe('\u206615/03/2025\u2069');
    expect(isolateLtr('12,34,567', 'sd')).toBe('\u206612,34,567\u2069');
    // Left-to-right languages are untouched: no visible or invisible change.
    for (const language of ['en', 'hi', 'ta', 'ja', 'en-IN']) {
      expect(isolateLtr(date, language)).toBe('15/03/2025');
    }
    expect(isolateLtr('', 'ur')).toBe('');
  });
});
