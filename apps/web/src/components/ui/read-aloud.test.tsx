/**
 * Read aloud (docs/i18n.md "Read aloud") with a mocked speech synthesis: it reads a consent
 * request with a voice of the UI language and stops on request; where the device has no such
 * voice the button is disabled and says so instead of reading in another language; the voices
 * arriving later (`voiceschanged`) enable it; nothing is shown without speech synthesis.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsentRequestCard } from '@/features/consent/components/consent-request-card';
import { i18n } from '@/lib/i18n';
import { consent } from '@/testing/fixtures';
import { ReadAloudButton, voiceFor } from './read-aloud';

class FakeUtterance {
  text: string;
  voice: SpeechSynthesisVoice | null = null;
  lang = '';
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(text: string) {
    this.text = text;
  }
}

const voice = (lang: string, name = lang, isDefault = false) =>
  ({ lang, name, default: isDefault, localService: true, voiceURI: name }) as SpeechSynthesisVoice;

/** A speech synthesis holding `voices`: what it was asked to say, and cancel. */
function installSynthesis(initial: SpeechSynthesisVoice[]) {
  let voices = initial;
  let current: FakeUtterance | null = null;
  const target = new EventTarget();
  const synth = Object.assign(target, {
    getVoices: () => voices,
    speak: vi.fn((utterance: FakeUtterance) => {
      current = utterance;
    }),
    cancel: vi.fn(() => {
      const was = current;
      current = null;
      was?.onerror?.();
    }),
  });
  Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return {
    synth,
    spoken: () => synth.speak.mock.calls.map(([u]) => u as FakeUtterance),
    finish: () => act(() => current?.onend?.()),
    setVoices: (next: SpeechSynthesisVoice[]) =>
      act(() => {
        voices = next;
        target.dispatchEvent(new Event('voiceschanged'));
      }),
  };
}

beforeEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

afterEach(async () => {
  Reflect.deleteProperty(window, 'speechSynthesis');
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

describe('read aloud', () => {
  it('is not shown where the browser has no speech synthesis', () => {
    expect('speechSynthesis' in window).toBe(false);
    render(<ReadAloudButton text="Hello" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("reads a consent request (who asks, what for, which data) with the UI language's voice, and stops on request", async () => {
    const speech = installSynthesis([voice('en-US'), voice('hi-IN'), voice('en-IN', 'India')]);
    const user = userEvent.setup();
    render(
      <ConsentRequestCard
        request={consent('c1', 'pending')}
        onDecide={vi.fn()}
        onWithdraw={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Read aloud' }));
    const [utterance] = speech.spoken();
    expect(utterance?.text).toBe(
      'State Bank of India asks for your data. Purpose: Open savings account. Data asked for: Name and Aadhaar.',
    );
    expect(utterance?.voice?.name).toBe('India');
    expect(utterance?.lang).toBe('en-IN');

    await user.click(screen.getByRole('button', { name: 'Stop reading' }));
    expect(speech.synth.cancel).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeEnabled();

    // Read to the end: the button is ready to read again.
    await user.click(screen.getByRole('button', { name: 'Read aloud' }));
    expect(screen.getByRole('button', { name: 'Stop reading' })).toBeInTheDocument();
    await speech.finish();
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
  });

  it('is pressed from the keyboard', async () => {
    const speech = installSynthesis([voice('en-GB')]);
    const user = userEvent.setup();
    render(<ReadAloudButton text="Hello" />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Read aloud' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(speech.spoken()[0]?.text).toBe('Hello');
    await user.keyboard(' ');
    expect(speech.synth.cancel).toHaveBeenCalled();
  });

  it('says there is no Hindi voice, disabled, rather than reading Hindi with an English voice', async () => {
    const speech = installSynthesis([voice('en-US'), voice('en-IN')]);
    await act(() => i18n.changeLanguage('hi'));
    render(<ReadAloudButton text="नमस्ते" />);
    const button = screen.getByRole('button', { name: 'इस डिवाइस पर हिंदी की आवाज़ नहीं है' });
    expect(button).toBeDisabled();
    expect(speech.synth.speak).not.toHaveBeenCalled();
  });

  it('names the language in its own script, never in the browser language (Manipuri, both scripts; Dogri)', async () => {
    installSynthesis([voice('en-IN')]);
    // Intl's name when ICU has no data for the UI language is the browser's language's:
    // 'Dogri' in an English browser, Bengali script for Meetei Mayek in one set to mni-IN.
    for (const [language, name] of [
      ['mni', 'ꯃꯩꯇꯩꯂꯣꯟ'],
      ['mni-Beng', 'মৈতৈলোন্'],
      ['doi', 'डोगरी'],
    ] as const) {
      await act(() => i18n.changeLanguage(language));
      const { unmount } = render(<ReadAloudButton text="…" />);
      const button = screen.getByRole('button', { name: new RegExp(name) });
      expect(button).toBeDisabled();
      expect(button.textContent ?? '').not.toMatch(/Dogri|Manipuri|মৈতৈলোন্.*ꯃ|ꯃ.*মৈতৈলোন্|\(বাংলা\)/);
      unmount();
    }
  });

  it('follows voices that arrive after the page (voiceschanged)', async () => {
    const speech = installSynthesis([]);
    render(<ReadAloudButton text="Hello" />);
    expect(screen.getByRole('button', { name: 'No English voice on this device' })).toBeDisabled();
    await speech.setVoices([voice('en-IN')]);
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeEnabled();
  });

  it('stops its own reading when the screen closes, and leaves another reading alone', async () => {
    const speech = installSynthesis([voice('en-IN')]);
    const user = userEvent.setup();
    const idle = render(<ReadAloudButton text="Idle" />);
    idle.unmount();
    expect(speech.synth.cancel).not.toHaveBeenCalled();
    const view = render(<ReadAloudButton text="Hello" />);
    await user.click(screen.getByRole('button', { name: 'Read aloud' }));
    view.unmount();
    expect(speech.synth.cancel).toHaveBeenCalled();
  });

  it('picks a voice of the language, the Indian region first', () => {
    const voices = [voice('en-US', 'us', true), voice('en_IN', 'in'), voice('hi-IN', 'hi')];
    expect(voiceFor(voices, 'en')?.name).toBe('in');
    expect(voiceFor(voices, 'hi')?.name).toBe('hi');
    expect(voiceFor(voices, 'ta')).toBeNull();
    expect(voiceFor([voice('de-DE', 'de')], 'de')?.name).toBe('de');
  });
});
