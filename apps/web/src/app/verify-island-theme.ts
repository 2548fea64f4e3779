/**
 * A stored 'light' or 'dark' theme (SPEC 4) on a /verify page before the app (ADR 0010): the
 * page's colours are already the theme's (index.html's inline script set the `dark` class on
 * <html> before the first paint, as the app does), and the prerendered header's theme button
 * (components/layouts/theme-toggle.tsx) shows 'system', the theme the HTML was rendered for.
 * The island sets that button to the stored theme, with the app's icon and label, so the island
 * serves such a visitor instead of the whole app; when the app starts it renders the same button
 * (verify-island-theme.test.tsx compares the two).
 */
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { islandText as t } from './verify-island-texts';
import { icon } from './verify-island-view';

type ExplicitTheme = 'light' | 'dark';

/** theme-toggle.tsx's label of the button for `theme` ('Change theme (current: Dark)'). */
const labelOf = (theme: ExplicitTheme | 'system') =>
  t('theme.toggle', { theme: t(`theme.${theme}`, {}, 'common') }, 'common');

/** The stored theme when it is 'light' or 'dark'; null otherwise or when storage is refused. */
export function storedThemeInIsland(): ExplicitTheme | null {
  try {
    const theme = window.localStorage.getItem(STORAGE_KEYS.theme);
    return theme === 'light' || theme === 'dark' ? theme : null;
  } catch {
    return null;
  }
}

/**
 * Sets the theme buttons under `root` that show 'system' (the prerendered header's) to show
 * `theme`: its icon (theme-toggle.tsx: sun for light, moon for dark), `aria-label` and `title`.
 * A click on the button still starts the app, which then cycles from the stored theme.
 */
export function showThemeInHeader(root: ParentNode, theme: ExplicitTheme): void {
  const system = labelOf('system');
  for (const button of root.querySelectorAll('button[aria-label]')) {
    if (button.getAttribute('aria-label') !== system) continue;
    const label = labelOf(theme);
    button.setAttribute('aria-label', label);
    button.setAttribute('title', label);
    button.replaceChildren(icon(theme === 'light' ? 'sun' : 'moon', 'size-5'));
  }
}
