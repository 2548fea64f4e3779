import type { Page } from '@playwright/test';

/**
 * Opens the page's "Developer tools" panel (issue 19: SPEC 2's demo and debugging controls,
 * collapsed by default) unless it is open already, e.g. with Settings › Advanced › Debug mode on.
 */
export async function openDeveloperTools(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Developer tools' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}
