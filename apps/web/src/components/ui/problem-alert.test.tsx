/** ProblemAlert: the holder's message as an alert, the server's problem only under Technical details. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { i18n, setLanguage } from '@/lib/i18n';
import { problemMessage } from '@/lib/problem-message';
import { ProblemAlert } from './problem-alert';

const ENGLISH = 'The request_uri could not be fetched from the verifier';

function verifierDown(): ApiError {
  return new ApiError('HTTP_ERROR', ENGLISH, {
    status: 502,
    problem: {
      type: '/problems/verifier_unreachable',
      title: 'verifier_unreachable',
      status: 502,
      detail: ENGLISH,
      code: 'verifier_unreachable',
    },
  });
}

describe('ProblemAlert', () => {
  it('says the problem in Urdu as an alert; the server’s English only under Technical details', async () => {
    await setLanguage('ur');
    const error = verifierDown();
    render(<ProblemAlert message={problemMessage(error)} error={error} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(i18n.t('messages:problems.verifierUnavailable'));
    expect(alert.textContent).not.toMatch(/[A-Za-z]{3,}/);
    const summary = screen.getByText(i18n.t('messages:problems.technicalDetails'));
    const technical = screen.getByText(ENGLISH, { exact: false });
    expect(technical).not.toBeVisible();
    expect(technical).toHaveAttribute('lang', 'en');
    await userEvent.click(summary);
    expect(technical).toBeVisible();
  });

  it('renders nothing without a message, and no disclosure for an error without a problem', () => {
    const { container, rerender } = render(<ProblemAlert message={null} error={verifierDown()} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ProblemAlert message="Offline" error={new ApiError('ERR_NETWORK', 'Failed')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Offline');
    expect(container.querySelector('details')).toBeNull();
  });
});
