/**
 * "Technical details": a native <details> disclosure (keyboard and screen reader usable without
 * script) holding the server's own problem code and English `detail` for an error whose message
 * the screen shows in the holder's language (lib/problem-message.ts; STYLE 15). Renders nothing
 * when the error carries no server problem. The text is marked `lang="en"` (WCAG 3.1.2) and
 * left to right, so a right-to-left screen does not reorder it.
 */
import { useTranslation } from 'react-i18next';
import { problemTechnicalDetail } from '@/lib/problem-message';

export function ProblemDetails({
  error,
  className = '',
}: {
  /** The caught error (an ApiError 'HTTP_ERROR' with a problem shows; anything else does not). */
  error: unknown;
  /** Extra classes, e.g. a margin. */
  className?: string;
}) {
  return <TechnicalDetails text={problemTechnicalDetail(error)} className={className} />;
}

/** The same disclosure around a server text already at hand (e.g. a stored sync conflict's). */
export function TechnicalDetails({
  text,
  className = '',
}: {
  /** The server's words; nothing is rendered when empty or absent. */
  text: string | null | undefined;
  /** Extra classes, e.g. a margin. */
  className?: string;
}) {
  const { t } = useTranslation('messages');
  const technical = text?.trim();
  if (!technical) return null;
  return (
    <details className={`text-xs opacity-80 ${className}`}>
      <summary className="cursor-pointer select-none">{t('problems.technicalDetails')}</summary>
      <p lang="en" dir="ltr" className="mt-1 break-words font-mono">
        {technical}
      </p>
    </details>
  );
}
