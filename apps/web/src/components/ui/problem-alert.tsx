/**
 * A failed action said on the screen: the holder's message (already in the UI language, e.g.
 * lib/problem-message.ts `problemMessage`) as an alert paragraph (announced by screen readers,
 * WAI-ARIA role alert), with the server's own problem under "Technical details"
 * (<ProblemDetails>; STYLE 15: codes cross the wire, texts are for people). Renders nothing
 * without a message.
 */
import { ProblemDetails } from './problem-details';

export function ProblemAlert({
  message,
  error,
  className = '',
}: {
  /** The holder's words; nothing is rendered when null or empty. */
  message: string | null | undefined;
  /** The caught error whose server problem goes under Technical details (none: no disclosure). */
  error: unknown;
  /** Extra classes for the wrapper, e.g. a margin. */
  className?: string;
}) {
  if (!message) return null;
  return (
    <div className={className}>
      <p role="alert" className="text-sm text-red-700 dark:text-red-300">
        {message}
      </p>
      <ProblemDetails error={error} />
    </div>
  );
}
