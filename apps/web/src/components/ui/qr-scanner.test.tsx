import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cameraErrorKey, QrScanButton, QrScanVideo, useQrScanner } from './qr-scanner';

/** The scanner as its callers use it: a button, the camera view and one message line. */
function Harness() {
  const [message, setMessage] = useState<string | null>(null);
  const scanner = useQrScanner({ onCode: () => {}, onMessage: setMessage });
  return (
    <>
      <QrScanButton scanner={scanner} />
      <QrScanVideo scanner={scanner} />
      {message && <p role="alert">{message}</p>}
    </>
  );
}

function stubCamera(mediaDevices: Partial<MediaDevices> | undefined) {
  Object.defineProperty(navigator, 'mediaDevices', { value: mediaDevices, configurable: true });
}

describe('QR scanner', () => {
  afterEach(() => {
    stubCamera(undefined);
    vi.restoreAllMocks();
  });

  it('says the camera was refused, in words that point to the paste box', async () => {
    stubCamera({
      getUserMedia: vi.fn(async () => {
        throw new DOMException('denied', 'NotAllowedError');
      }),
    });
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Scan QR' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Camera access was refused. Allow the camera for this site in your browser settings, or paste the link instead.',
    );
    expect(screen.getByRole('button', { name: 'Scan QR' })).toBeInTheDocument();
  });

  it('says there is no camera when the browser has none', async () => {
    stubCamera(undefined);
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Scan QR' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No camera was found on this device. Paste the link instead.',
    );
  });

  it('shows the camera view while scanning and turns the camera off on Stop scanning', async () => {
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    stubCamera({ getUserMedia: vi.fn(async () => stream) });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    // jsdom draws nothing: no frame is decoded, the camera stays on until stopped.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Scan QR' }));
    const stopButton = await screen.findByRole('button', { name: 'Stop scanning' });
    expect(screen.getByLabelText('Camera view for scanning a QR code')).not.toHaveClass('hidden');
    await userEvent.click(stopButton);
    expect(stop).toHaveBeenCalled();
    expect(screen.getByLabelText('Camera view for scanning a QR code')).toHaveClass('hidden');
  });

  it('tells a refusal from a missing camera', () => {
    expect(cameraErrorKey(new DOMException('x', 'SecurityError'))).toBe('cameraRefused');
    expect(cameraErrorKey(new DOMException('x', 'NotFoundError'))).toBe('cameraMissing');
    expect(cameraErrorKey('odd')).toBe('cameraMissing');
  });
});
