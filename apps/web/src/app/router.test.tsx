import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { renderApp, signIn } from '@/testing/render-app';
import { media } from '@/testing/setup';
import { AppProvider } from './provider';
import { createAppRoutes } from './router';

const PUBLIC_PAGES: [string, string][] = [
  ['/about', 'About Pehchaan'],
  ['/contact', 'Contact Us'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/support', 'Support Center'],
  ['/help', 'Help Center'],
  ['/kyc-demo', 'Bank KYC Demo'],
  ['/business-dashboard', 'Business Dashboard'],
  ['/digital-wallet', 'Digital Wallet'],
  ['/longterm', 'Data Marketplace'],
  ['/verify/cred-123', 'Credential Verification'],
];

const PROTECTED_PAGES: [string, string][] = [
  ['/credentials', 'Verifiable Credentials'],
  ['/consent', 'Consent Management'],
  ['/logs', 'Activity Logs'],
  ['/profile', 'Profile'],
  ['/settings', 'Settings'],
];

describe('route table (SPEC 2)', () => {
  it.each(PUBLIC_PAGES)('%s is public and shows "%s"', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('the landing page has the #features section', async () => {
    renderApp('/');
    const features = await screen.findByRole('region', { name: 'Features' });
    expect(features).toHaveAttribute('id', 'features');
  });

  it.each([...PROTECTED_PAGES, ['/dashboard', '']])(
    '%s sends a signed-out visitor to /login, replacing history',
    async (path) => {
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.historyAction).toBe('REPLACE');
      expect(await screen.findByRole('heading', { name: 'Sign in to Pehchaan' })).toBeVisible();
    },
  );

  it.each(PROTECTED_PAGES)('%s shows "%s" to a signed-in holder', async (path, heading) => {
    signIn();
    mockFetch();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('sends a signed-in visitor of /login to /dashboard', async () => {
    signIn();
    mockFetch();
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the 404 page inside the site frame for an unknown route', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Visit the Help Center' })).toHaveAttribute(
      'href',
      '/help',
    );
  });

  it("shows SPEC 2's error page, with Reload and a way home, when a screen fails to load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const routes = createAppRoutes();
    const site = routes[0]?.children?.find((route) => route.id === 'site');
    const about = site?.children?.find((route) => route.path === '/about');
    if (!about) throw new Error('the route table has no /about');
    // What a lost connection does to a lazily loaded screen's chunk.
    about.lazy = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    render(
      <AppProvider>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/about'] })} />
      </AppProvider>,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Hey developer/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
  });
});

describe('header (SPEC 2)', () => {
  it('signed out: Features, About, Contact, Support, Sign In and Get Started', async () => {
    renderApp('/about');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute(
      'href',
      '/#features',
    );
    for (const [name, href] of [
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Support', '/support'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(banner).queryByRole('button', { name: /Notifications/ })).toBeNull();
  });

  it('signed in: Dashboard, Credentials, Consent, Profile, Settings, bell and user menu', async () => {
    signIn();
    mockFetch();
    renderApp('/profile');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dashboard', 'Credentials', 'Consent', 'Profile', 'Settings']);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('the bell opens Recent Updates with the empty state and a View All Activity link', async () => {
    signIn();
    mockFetch();
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('region', { name: 'Recent Updates' });
    expect(within(panel).getByText('No recent updates')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'View All Activity' })).toHaveAttribute(
      'href',
      '/logs',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Recent Updates' })).toBeNull();
  });

  it('the user menu signs out to / with a toast and clears the session', async () => {
    signIn();
    mockFetch({ 'POST /api/auth/logout': () => json({ message: 'Logged out successfully' }) });
    const { user, router } = renderApp('/profile');
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));
    await user.click(await screen.findByRole('button', { name: 'Open user menu' }));
    const menu = screen.getByRole('navigation', { name: 'User menu' });
    expect(within(menu).getByRole('link', { name: 'My Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(menu).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    await user.click(within(menu).getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(visited).not.toContain('/login');
    expect(localStorage.getItem('sessionToken')).toBeNull();
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Get Started' })).toBeInTheDocument();
  });

  it('the mobile menu mirrors the links', async () => {
    const { user } = renderApp('/about');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile navigation' });
    for (const name of ['Features', 'About', 'Contact', 'Support', 'Sign In', 'Get Started']) {
      expect(within(mobile).getByRole('link', { name })).toBeInTheDocument();
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile navigation' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('the mobile menu signed in: the app links, Activity Logs and Sign Out', async () => {
    signIn();
    mockFetch();
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile navigation' });
    for (const name of [
      'Dashboard',
      'Credentials',
      'Consent',
      'Profile',
      'Settings',
      'Activity Logs',
    ]) {
      expect(within(mobile).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(mobile).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('search opens with Ctrl+K and goes to a page', async () => {
    signIn();
    mockFetch();
    const { user, router } = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await user.keyboard('{Control>}k{/Control}');
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Search' }), 'consent{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/consent'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('theme (SPEC 4)', () => {
  it('cycles light -> dark -> system -> light, stores it and sets the dark class', async () => {
    localStorage.setItem('theme', 'light');
    const { user } = renderApp('/about');
    const toggle = await screen.findByRole('button', { name: 'Change theme (current: Light)' });
    expect(document.documentElement).not.toHaveClass('dark');
    await user.click(toggle);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    await user.click(screen.getByRole('button', { name: 'Change theme (current: Dark)' }));
    expect(localStorage.getItem('theme')).toBe('system');
    expect(document.documentElement).not.toHaveClass('dark');
    await user.click(screen.getByRole('button', { name: 'Change theme (current: System)' }));
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('system follows the operating system setting live', async () => {
    localStorage.setItem('theme', 'system');
    renderApp('/about');
    await screen.findByRole('button', { name: 'Change theme (current: System)' });
    expect(document.documentElement).not.toHaveClass('dark');
    media.prefersDark = true;
    act(() => {
      for (const listener of media.listeners) listener();
    });
    expect(document.documentElement).toHaveClass('dark');
  });

  it('ignores an invalid stored theme (system is the default)', async () => {
    localStorage.setItem('theme', 'purple');
    renderApp('/about');
    expect(
      await screen.findByRole('button', { name: 'Change theme (current: System)' }),
    ).toBeInTheDocument();
  });
});
