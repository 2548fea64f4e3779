import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { DEFAULT_HOLDER_FACTS, HolderFactsProvider } from '@/lib/preferences';
import { DeveloperTools } from './developer-tools';

function renderTools(debugMode: boolean) {
  const facts = {
    ...DEFAULT_HOLDER_FACTS,
    preferences: { ...DEFAULT_HOLDER_FACTS.preferences, debugMode },
  };
  return render(
    <HolderFactsProvider value={facts}>
      <DeveloperTools>
        <button type="button">Reset Requests</button>
      </DeveloperTools>
    </HolderFactsProvider>,
  );
}

describe('the Developer tools panel (issue 19)', () => {
  it('is collapsed by default: its tools are not shown until opened', async () => {
    renderTools(false);
    const toggle = screen.getByRole('button', { name: 'Developer tools' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Reset Requests' })).toBeNull();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Reset Requests' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Developer tools' })).toHaveTextContent(
      'Settings › Advanced › Debug mode',
    );
  });

  it('is open by default while Debug mode is on, and closes on request', async () => {
    renderTools(true);
    const toggle = screen.getByRole('button', { name: 'Developer tools' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Reset Requests' })).toBeVisible();
    await userEvent.click(toggle);
    expect(screen.queryByRole('button', { name: 'Reset Requests' })).toBeNull();
  });

  it('speaks Hindi', async () => {
    await i18n.changeLanguage('hi');
    renderTools(false);
    expect(screen.getByRole('button', { name: 'डेवलपर टूल' })).toBeVisible();
  });
});
