/**
 * The card's status at the issuer (docs/status-lists.md "The wallet"): the badge and time of the
 * last check, Share and Show QR Code refused with the plain reason while revoked or suspended,
 * "Check status", and the check asked for when the card is opened.
 */
import type { CredentialRecord } from '@pehchaan/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { credential } from '@/testing/fixtures';
import { type CredentialActions, CredentialCard } from './credential-card';

// 10:32 in Asia/Kolkata, SPEC 9's default time zone.
const CHECKED = '2025-06-01T05:02:00.000Z';
const NOW = Date.parse('2025-06-01T06:00:00.000Z');

function renderCard(status: CredentialRecord['status']) {
  const check = vi.fn();
  const onShare = vi.fn();
  const actions: CredentialActions = {
    linksOf: () => ({ shares: [], qrLink: null, withdrawingId: null, publicLink: null }),
    onShowQr: vi.fn(),
    onCloseQr: vi.fn(),
    onWithdrawShare: vi.fn(),
    onShare,
    onCopy: vi.fn(),
    onDownload: vi.fn(),
    onDownloadPdf: vi.fn(),
    onDelete: vi.fn(),
    revealOf: () => null,
    onSetPublicLink: vi.fn(),
    checkStatusOf: () => ({ check, busy: false }),
  };
  render(
    <CredentialCard credential={credential('pan-1', { status })} actions={actions} now={NOW} />,
  );
  return { check, onShare, user: userEvent.setup() };
}

describe('CredentialCard: status at the issuer', () => {
  it('a revoked credential says so with the time of the check, and cannot be shared', async () => {
    const { onShare, user } = renderCard({ value: 'revoked', checked_at: CHECKED });
    expect(screen.getByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByText('Valid')).not.toBeInTheDocument();
    expect(screen.getByText(/Checked 10:32/)).toBeInTheDocument();
    const share = screen.getByRole('button', { name: 'Share' });
    expect(share).toBeDisabled();
    expect(share).toHaveAccessibleDescription(
      'This credential was revoked by its issuer, so it cannot be shared.',
    );
    expect(screen.getByRole('button', { name: 'Show QR Code' })).toBeDisabled();
    await user.click(share);
    expect(onShare).not.toHaveBeenCalled();
  });

  it('a suspended credential is refused with its own reason', () => {
    renderCard({ value: 'suspended', checked_at: CHECKED });
    expect(screen.getByText('Suspended')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'This credential was suspended by its issuer, so it cannot be shared.',
    );
    expect(screen.getByRole('button', { name: 'Share' })).toBeDisabled();
  });

  it('a valid one is shared; unknown and never checked are said plainly', () => {
    renderCard({ value: 'valid', checked_at: CHECKED });
    expect(screen.getByText('Valid')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says Status unknown, and when it was never checked', () => {
    renderCard({ value: 'unknown', checked_at: null });
    expect(screen.getByText('Status unknown')).toBeInTheDocument();
    expect(screen.getByText('Status not checked yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeEnabled();
  });

  it('checks when due on opening, and now on "Check status"', async () => {
    const { check, user } = renderCard({ value: 'valid', checked_at: CHECKED });
    await user.click(screen.getByRole('button', { name: /Show details/ }));
    expect(check).toHaveBeenLastCalledWith(true);
    await user.click(screen.getByRole('button', { name: 'Check status' }));
    expect(check).toHaveBeenLastCalledWith(false);
  });
});
