/**
 * Read aloud (docs/i18n.md "Read aloud"): a button that reads a text in the UI language with the
 * device's speech synthesis (the Web Speech API, W3C "Web Speech API" §SpeechSynthesis), for a
 * holder who would rather listen to a consent request than read it.
 *
 * - It reads only with a voice of the UI language (a voice whose `lang` is that language, 'hi' or
 *   'hi-IN', the Indian region preferred): where the device has none, the button is disabled and
 *   says so ('No Hindi voice on this device') rather than reading the text in another language's
 *   voice. The voices may arrive after the page (`voiceschanged`): the button follows them.
 * - While it reads, the same button stops it ('Stop reading'); leaving the screen stops it too.
 * - Nothing is shown where the browser has no speech synthesis.
 * A native <button>: reached and pressed by keyboard like any other.
 */
import { languageEntry } from '@pehchaan/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Icon, type IconProps } from './icons';

const SpeakerIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M11 5 6 9H2v6h4l5 4V5Z" />
    <path d="M15.54 8.46a5 5 0 0 1 0 7.07M19.07 4.93a10 10 0 0 1 0 14.14" />
  </Icon>
);

const StopIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="6" y="6" width="12" height="12" rx="1" />
  </Icon>
);

/** The browser's speech synthesis, or null where it has none. */
function synthesis(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && window.speechSynthesis
    ? window.speechSynthesis
    : null;
}

/** The language part of a BCP 47 tag, lower case ('hi-IN', 'hi_IN' -> 'hi'). */
function baseOf(tag: string): string {
  return (tag.split(/[-_]/)[0] ?? tag).toLowerCase();
}

/**
 * The voice to read `language` with: one whose `lang` is that language, the Indian region's
 * first ('hi-IN'), then the device's default among them; null when the device has none.
 */
export function voiceFor(
  voices: readonly SpeechSynthesisVoice[],
  language: string,
): SpeechSynthesisVoice | null {
  const base = baseOf(language);
  const matching = voices.filter((voice) => baseOf(voice.lang) === base);
  const indian = matching.filter((voice) => /[-_]IN$/i.test(voice.lang));
  return (
    indian.find((voice) => voice.default) ??
    indian[0] ??
    matching.find((voice) => voice.default) ??
    matching[0] ??
    null
  );
}

/** The device's voices, kept up to date as they arrive (`voiceschanged`). */
function useVoices(synth: SpeechSynthesis | null): readonly SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<readonly SpeechSynthesisVoice[]>(
    () => synth?.getVoices() ?? [],
  );
  useEffect(() => {
    if (!synth) return;
    const update = () => setVoices(synth.getVoices());
    update();
    synth.addEventListener('voiceschanged', update);
    return () => synth.removeEventListener('voiceschanged', update);
  }, [synth]);
  return voices;
}

/**
 * The UI language's name in itself, for 'No <language> voice on this device': the registry's
 * endonym (the language lists' name, in the language's own script; without the script note of
 * 'মৈতৈলোন্ (বাংলা)'), else Intl's name of it in itself. Not Intl first: where ICU has no data
 * for the language it answers in the browser's own language (a Dogri screen said 'Dogri' in an
 * English browser; a Meetei Mayek screen got the Bengali-script name in a browser set to mni-IN).
 */
function languageName(language: string): string {
  const entry = languageEntry(language) ?? languageEntry(baseOf(language));
  if (entry) return entry.endonym.replace(/\s*\([^)]*\)$/, '');
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(baseOf(language));
    if (name && name !== baseOf(language)) return name;
  } catch {
    // An engine without display names: the tag itself.
  }
  return language;
}

/** The read-aloud button of `text` (see the module's description); null without speech. */
export function ReadAloudButton({ text, className = '' }: { text: string; className?: string }) {
  // Its texts are consent's (the consent cards are where it reads), so the /verify island's
  // English `common` stays as small as it is.
  const { t, i18n } = useTranslation('consent');
  const language = i18n.language;
  const [synth] = useState(synthesis);
  const voices = useVoices(synth);
  const voice = voiceFor(voices, language);
  const [speaking, setSpeaking] = useState(false);
  // Whether this button's text is being read: only then does leaving stop the synthesis (another
  // card's reading is left alone).
  const reading = useRef(false);
  const finished = useCallback(() => {
    reading.current = false;
    setSpeaking(false);
  }, []);

  const stop = useCallback(() => {
    if (reading.current) synth?.cancel();
    finished();
  }, [synth, finished]);

  // Leaving the screen stops the reading.
  useEffect(() => stop, [stop]);

  if (!synth) return null;

  if (!voice) {
    return (
      <Button variant="secondary" size="sm" disabled className={`min-h-11 ${className}`}>
        <SpeakerIcon className="size-4" />
        {t('readAloud.noVoice', { language: languageName(language) })}
      </Button>
    );
  }

  const read = () => {
    synth.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    utterance.onend = finished;
    utterance.onerror = finished;
    synth.speak(utterance);
    reading.current = true;
    setSpeaking(true);
  };

  return (
    <Button
      variant="secondary"
      size="sm"
      className={`min-h-11 ${className}`}
      onClick={speaking ? stop : read}
    >
      {speaking ? <StopIcon className="size-4" /> : <SpeakerIcon className="size-4" />}
      {speaking ? t('readAloud.stop') : t('readAloud.read')}
    </Button>
  );
}
