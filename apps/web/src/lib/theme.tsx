/**
 * Theme of SPEC 4: light, dark or system (default); stored under `theme`; any other stored value
 * is ignored. The toggle cycles light -> dark -> system -> light. 'system' follows the operating
 * system's dark-mode setting live. Dark mode is the `dark` class on <html>.
 */
import { DEFAULT_THEME, isTheme, nextTheme, type Theme } from '@pehchaan/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { readString, STORAGE_KEYS, writeString } from './storage';

const DARK_QUERY = '(prefers-color-scheme: dark)';

declare global {
  interface Window {
    /**
     * Set by index.html's inline script when the theme is 'system': stops its own following of
     * the operating system's dark mode (before the app starts, SPEC 4 "reacts live").
     */
    __stopSystemTheme?: () => void;
  }
}

/** The stored theme, or the default when absent or invalid. */
export function readStoredTheme(): Theme {
  const stored = readString(STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : DEFAULT_THEME;
}

function systemPrefersDark(): boolean {
  // No window while the public pages are prerendered at build time (src/app/prerender.tsx).
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(DARK_QUERY).matches
  );
}

/** 'light' or 'dark': what `theme` shows right now. */
export function resolveTheme(theme: Theme): 'light' | 'dark' {
  if (theme === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return theme;
}

/** Sets or removes the `dark` class on <html> for `theme`. */
export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', resolveTheme(theme) === 'dark');
}

/** Applies the stored theme; main.tsx calls it before the first render to avoid a flash. */
export function applyStoredTheme(): void {
  applyTheme(readStoredTheme());
}

interface ThemeContextValue {
  theme: Theme;
  resolved: 'light' | 'dark';
  setTheme: (theme: Theme) => void;
  /** light -> dark -> system -> light. */
  cycleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/**
 * Holds the theme, stores it on change, and follows the system setting while on 'system'. Takes
 * over from index.html's inline script, which follows it until the app has rendered.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readStoredTheme);
  const [resolved, setResolved] = useState<'light' | 'dark'>(() => resolveTheme(theme));

  useEffect(() => {
    // From here on the app follows the system (below); the page's inline script stops.
    window.__stopSystemTheme?.();
    applyTheme(theme);
    setResolved(resolveTheme(theme));
    if (theme !== 'system' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => {
      applyTheme('system');
      setResolved(resolveTheme('system'));
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [theme]);

  const setTheme = useCallback((next: Theme) => {
    writeString(STORAGE_KEYS.theme, next);
    setThemeState(next);
  }, []);
  const cycleTheme = useCallback(() => setTheme(nextTheme(theme)), [setTheme, theme]);

  return (
    <ThemeContext.Provider value={{ theme, resolved, setTheme, cycleTheme }}>
      {children}
    </ThemeContext.Provider>
  );
}

/** The theme context; throws outside ThemeProvider (a wiring bug). */
export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}
