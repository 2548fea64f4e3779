/**
 * /kyc-demo through the real route table (SPEC 2, 4, 5, 8, 9): the six-step wizard by the PAN
 * path and by the CKYC path, the enablement rules, the singular/plural counter, the demo alerts
 * with their exact texts, focus on each step's heading, Demo again, and no network call.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';

const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in the demo')));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchSpy);
  fetchSpy.mockClear();
});
afterEach(() => {
  // SPEC 1, 7: the demos make no network calls.
  expect(fetchSpy).not.toHaveBeenCalled();
});

async function open() {
  const view = renderApp('/kyc-demo');
  await screen.findByRole('heading', { level: 1, name: 'Bank KYC Demo' });
  return view;
}

function stepHeading(name: string) {
  return screen.getByRole('heading', { level: 2, name });
}

function progress() {
  return screen.getByRole('progressbar', { name: 'KYC progress' });
}

async function toIdentityStep(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: /Verify with Pehchaan/ }));
  expect(stepHeading('Find your KYC record')).toHaveFocus();
}

/** From step 3 to the completed step, sharing name and phone. */
async function finishFromDataStep(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('checkbox', { name: /Name/ }));
  await user.click(screen.getByRole('checkbox', { name: /Phone/ }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.click(screen.getByRole('button', { name: /Continue in Browser/ }));
}

describe('/kyc-demo', () => {
  it('shows the offline banner and the six-step progress bar at step 1', async () => {
    await open();
    expect(screen.getByRole('complementary', { name: 'Offline simulation only' })).toBeVisible();
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    expect(progress()).toHaveAttribute('aria-valuemax', '6');
    expect(progress()).toHaveAttribute('aria-valuetext', 'Step 1 of 6: Bank');
    const steps = within(screen.getByRole('list', { name: 'KYC progress' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((li) => li.textContent?.replace(/\s*\(.*\)$/, ''))).toEqual([
      '1Bank',
      '2Identity',
      '3Data',
      '4Request',
      '5Consent',
      '6Complete',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(stepHeading('Choose how to complete your KYC')).toBeVisible();
  });

  it('Manual KYC only shows its message and stays on step 1 (SPEC 4, 8)', async () => {
    const { user } = await open();
    const manual = screen.getByRole('button', { name: /Manual KYC/ });
    await user.click(manual);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Manual KYC would redirect you to document upload.',
    );
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(manual).toHaveFocus();
  });

  it('walks the PAN path to KYC completed, with the input and enablement rules of SPEC 5', async () => {
    const { user } = await open();
    await toIdentityStep(user);
    expect(progress()).toHaveAttribute('aria-valuetext', 'Step 2 of 6: Identity');
    // Nothing to proceed with before the question is answered.
    expect(screen.queryByRole('button', { name: /Proceed/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: "No, I don't" }));

    const pan = screen.getByRole('textbox', { name: 'PAN Number' });
    const mobile = screen.getByRole('textbox', { name: 'Mobile Number' });
    expect(pan).toHaveAttribute('placeholder', 'ABCDE1234F');
    expect(pan).toHaveAttribute('maxLength', '10');
    await user.type(pan, 'abcps1234k');
    expect(pan).toHaveValue('ABCPS1234K');
    await user.type(mobile, '98765x4321');
    expect(mobile).toHaveValue('987654321');
    // Mobile has 9 digits: no OTP field yet, Verify & Proceed disabled.
    expect(screen.queryByLabelText('OTP')).not.toBeInTheDocument();
    const verify = screen.getByRole('button', { name: 'Verify & Proceed' });
    expect(verify).toBeDisabled();

    await user.type(mobile, '0');
    const otp = screen.getByLabelText('OTP');
    expect(otp).toHaveAttribute('type', 'password');
    expect(otp).toHaveAccessibleDescription('Simulation: no OTP is sent. The demo OTP is 123456.');
    await user.type(otp, '12a345');
    expect(otp).toHaveValue('12345');
    expect(verify).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Show OTP' }));
    expect(otp).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide OTP' }));
    expect(otp).toHaveAttribute('type', 'password');
    // Any 6 digits: the demo performs no check of the OTP.
    await user.type(otp, '9');
    expect(verify).toBeEnabled();
    await user.click(verify);

    expect(stepHeading('Choose what to share')).toHaveFocus();
    expect(progress()).toHaveAttribute('aria-valuenow', '3');
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(screen.getByText('0 fields selected')).toBeVisible();
    expect(continueButton).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Name/ }));
    expect(screen.getByText('1 field selected')).toBeVisible();
    expect(continueButton).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /Address/ }));
    expect(screen.getByText('2 fields selected')).toBeVisible();
    await user.click(continueButton);

    expect(stepHeading('Consent request sent')).toHaveFocus();
    const sent = screen.getByRole('region', { name: 'Consent request sent' });
    expect(sent).toHaveTextContent('Requested byBharat Demo Bank');
    expect(sent).toHaveTextContent('PurposeKYC for opening a savings account');
    expect(sent).toHaveTextContent('Data requestedName, Address');
    expect(
      screen.getByText('You will now be taken to Pehchaan to review and approve this request.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(stepHeading('Approve in Pehchaan')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: /Open Mobile App/ }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This would open the Pehchaan mobile app, or the app store if the app is not installed.',
    );
    expect(progress()).toHaveAttribute('aria-valuenow', '5');
    await user.click(screen.getByRole('button', { name: /Continue in Browser/ }));

    expect(stepHeading('KYC completed')).toHaveFocus();
    expect(progress()).toHaveAttribute('aria-valuetext', 'Step 6 of 6: Complete');
    const list = screen.getByLabelText('KYC summary');
    expect(list).toHaveTextContent('Fields shared2');
    expect(list).toHaveTextContent('Time taken2 min');
    expect(list).toHaveTextContent('StatusVerified');
    await user.click(screen.getByRole('button', { name: 'Go to Bank Dashboard' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This would redirect you to the bank dashboard.',
    );
  });

  it('walks the CKYC path: up to 14 characters, Proceed from 10', async () => {
    const { user } = await open();
    await toIdentityStep(user);
    await user.click(screen.getByRole('radio', { name: 'Yes, I know it' }));
    const ckyc = screen.getByRole('textbox', { name: 'CKYC Number' });
    expect(ckyc).toHaveAttribute('placeholder', 'Enter your 14-digit CKYC number');
    expect(ckyc).toHaveAttribute('maxLength', '14');
    const proceed = screen.getByRole('button', { name: 'Proceed' });
    await user.type(ckyc, '123456789');
    expect(proceed).toBeDisabled();
    await user.type(ckyc, '0');
    expect(proceed).toBeEnabled();
    await user.type(ckyc, '1234567');
    expect(ckyc).toHaveValue('12345678901234');
    await user.click(proceed);
    await finishFromDataStep(user);
    expect(stepHeading('KYC completed')).toHaveFocus();
    expect(screen.getByLabelText('KYC summary')).toHaveTextContent('Fields shared2');
  });

  it('Back returns to the previous step keeping the answers; Demo again resets everything', async () => {
    const { user } = await open();
    await toIdentityStep(user);
    await user.click(screen.getByRole('radio', { name: 'Yes, I know it' }));
    await user.type(screen.getByRole('textbox', { name: 'CKYC Number' }), '50012345678901');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepHeading('Find your KYC record')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'CKYC Number' })).toHaveValue('50012345678901');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepHeading('Choose how to complete your KYC')).toHaveFocus();

    await toIdentityStep(user);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await finishFromDataStep(user);
    await user.click(screen.getByRole('button', { name: 'Demo again' }));
    expect(stepHeading('Choose how to complete your KYC')).toHaveFocus();
    expect(progress()).toHaveAttribute('aria-valuenow', '1');
    await toIdentityStep(user);
    expect(screen.getByRole('radio', { name: 'Yes, I know it' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'CKYC Number' })).not.toBeInTheDocument();
  });

  it('speaks Hindi, with the counter in the singular and the plural', async () => {
    await i18n.changeLanguage('hi');
    const { user } = renderApp('/kyc-demo');
    await screen.findByRole('heading', { level: 1, name: 'बैंक केवाईसी डेमो' });
    await user.click(screen.getByRole('button', { name: /पहचान से सत्यापित करें/ }));
    await user.click(screen.getByRole('radio', { name: 'हाँ, मुझे पता है' }));
    await user.type(screen.getByRole('textbox', { name: 'सीकेवाईसी नंबर' }), '1234567890');
    await user.click(screen.getByRole('button', { name: 'आगे बढ़ें' }));
    await user.click(screen.getByRole('checkbox', { name: /नाम/ }));
    expect(screen.getByText('1 फ़ील्ड चुनी गई')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /पता/ }));
    expect(screen.getByText('2 फ़ील्ड चुनी गईं')).toBeVisible();
  });
});
