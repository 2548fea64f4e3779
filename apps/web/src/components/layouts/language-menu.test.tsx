import { LANGUAGE_REGISTRY } from '@pehchaan/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, LANGUAGES } from '@/lib/i18n';
import { LanguageMenu } from './language-menu';

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
  window.localStorage.clear();
});

describe('the language menu', () => {
  it('lists every offered language in its own script, the present one marked', async () => {
    const user = userEvent.setup();
    render(<LanguageMenu />);
    const button = screen.getByRole('button', { name: 'Language English' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Language' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(LANGUAGES.length);
    for (const [index, code] of LANGUAGES.entries()) {
      const entry = LANGUAGE_REGISTRY.find((e) => e.code === code);
      const name = items[index]?.querySelector(`[lang="${code}"]`);
      expect(name, code).toHaveTextContent(entry?.endonym ?? '');
      expect(name).toHaveAttribute('dir', entry?.dir);
    }
    // Beside each endonym, the language's name in the UI language.
    expect(within(list).getByRole('button', { name: 'हिंदी Hindi' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: 'English' })).toHaveFocus(),
    );
  });

  it('works by keyboard: arrows move, Escape closes and gives focus back', async () => {
    const user = userEvent.setup();
    render(<LanguageMenu />);
    const button = screen.getByRole('button', { name: 'Language English' });
    button.focus();
    await user.keyboard('{Enter}');
    const list = screen.getByRole('list', { name: 'Language' });
    const items = within(list).getAllByRole('button');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items.at(-1)).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Language' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('switches the app to the language chosen, fetching its texts, and remembers it', async () => {
    const user = userEvent.setup();
    render(<LanguageMenu />);
    await user.click(screen.getByRole('button', { name: 'Language English' }));
    await user.click(screen.getByRole('button', { name: 'Español Spanish' }));
    await waitFor(() => expect(i18n.language).toBe('es'));
    expect(window.localStorage.getItem('language')).toBe('es');
    expect(screen.getByRole('button', { name: 'Idioma Español' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
