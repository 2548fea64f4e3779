import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from './theme';

describe('ThemeProvider', () => {
  afterEach(() => {
    delete window.__stopSystemTheme;
  });

  it("stops index.html's inline script following the system when it takes over", () => {
    const stop = vi.fn();
    window.__stopSystemTheme = stop;
    render(
      <ThemeProvider>
        <p>page</p>
      </ThemeProvider>,
    );
    expect(stop).toHaveBeenCalled();
  });
});
