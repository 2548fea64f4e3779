import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Switch } from './switch';

/** A switch that owns its state, as its callers do. */
function Harness({ initial = false }: { initial?: boolean }) {
  const [checked, setChecked] = useState(initial);
  return (
    <>
      <span id="wifi-label">Wi-Fi</span>
      <span id="wifi-description">Connect to known networks</span>
      <Switch
        checked={checked}
        onChange={setChecked}
        stateText={checked ? 'On' : 'Off'}
        labelledBy="wifi-label"
        describedBy="wifi-description"
      />
    </>
  );
}

describe('Switch', () => {
  it('is a switch named by its label and described, its state in aria-checked and in words', () => {
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'Wi-Fi' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription('Connect to known networks');
    expect(screen.getByText('Off')).toBeInTheDocument();
  });

  it('toggles on click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'Wi-Fi' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('On')).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('toggles from the keyboard with Space and Enter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole('switch', { name: 'Wi-Fi' });
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('takes its name from `label` when there is no visible label', () => {
    render(<Switch checked onChange={() => {}} stateText="Linked" label="Unlink Aadhaar" />);
    expect(screen.getByRole('switch', { name: 'Unlink Aadhaar' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });
});
