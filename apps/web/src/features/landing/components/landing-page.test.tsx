import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTACT, mailtoHref } from '@/config/contact';
import { renderApp } from '@/testing/render-app';
import { ISSUER_SITES, VC_DATA_MODEL_URL } from './partners-section';

describe('landing page (SPEC 1, 2)', () => {
  it('the English/Hindi toggle switches the hero and the FAQ, and back', async () => {
    const { user } = renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your identity, your consent' }),
    ).toBeInTheDocument();
    const english = screen.getByRole('button', { name: 'English' });
    const hindi = screen.getByRole('button', { name: 'हिंदी' });
    expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(hindi).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('What is Pehchaan?')).toBeInTheDocument();

    await user.click(hindi);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'आपकी पहचान, आपकी सहमति' }),
    ).toBeInTheDocument();
    expect(screen.getByText('पहचान क्या है?')).toBeInTheDocument();
    expect(screen.getByText('क्या यह एक छात्र परियोजना है?')).toBeInTheDocument();
    expect(screen.queryByText('What is Pehchaan?')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'शुरू करें' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByRole('region', { name: 'विशेषताएँ' })).toHaveAttribute('id', 'features');
    expect(within(screen.getByRole('main')).getByRole('list', { name: 'बैज' })).toHaveTextContent(
      'डीपीडीपी अनुपालक',
    );
    expect(hindi).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('hi');
    expect(window.localStorage.getItem('language')).toBe('hi');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your identity, your consent' }),
    ).toBeInTheDocument();
    expect(screen.getByText('What is Pehchaan?')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('language')).toBe('en');
  });

  it('has the calls to action, the #features section and the badges', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(main).getByRole('link', { name: 'Try the demos' })).toHaveAttribute(
      'href',
      '/#demos',
    );
    expect(screen.getByRole('region', { name: 'Features' })).toHaveAttribute('id', 'features');
    expect(screen.getByRole('region', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'The pilot at a glance' })).toBeInTheDocument();
    const badges = within(main).getByRole('list', { name: 'Badges' });
    for (const badge of ['Made in India', 'DPDP Compliant', 'W3C Standards']) {
      expect(within(badges).getByText(badge)).toBeInTheDocument();
    }
  });

  it('links the demos and the pilot contact', async () => {
    renderApp('/');
    const demos = await screen.findByRole('region', { name: 'Try the demos' });
    for (const [name, href] of [
      ['Open the KYC demo', '/kyc-demo'],
      ['Open the business portal', '/business-dashboard'],
      ['Open the wallet demo', '/digital-wallet'],
      ['Sign in to share a credential', '/login'],
      ['Contact us about a pilot', '/contact'],
    ]) {
      expect(within(demos).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(demos).getByRole('link', { name: 'Email the team' })).toHaveAttribute(
      'href',
      mailtoHref(CONTACT.email, { subject: 'Pilot enquiry' }),
    );
  });

  it('opens every partner link in a new tab with rel="noopener noreferrer"', async () => {
    renderApp('/');
    const partners = await screen.findByRole('region', {
      name: 'Credentials modelled on documents issued by',
    });
    const links = within(partners).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      ...ISSUER_SITES.map((site) => site.href),
      VC_DATA_MODEL_URL,
    ]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
    }
    expect(
      within(partners).getByRole('link', { name: /Unique Identification Authority of India/ }),
    ).toHaveAttribute('href', 'https://uidai.gov.in/');
    expect(within(partners).getByText(/not affiliated with or endorsed by/)).toBeInTheDocument();
  });

  it('answers in the FAQ that it is a student project at a university in India', async () => {
    const { user } = renderApp('/');
    const faq = await screen.findByRole('region', { name: 'Frequently asked questions' });
    const answer = within(faq).getByText(/Pehchaan is a student project at a university in India/);
    expect(answer).not.toBeVisible();
    await user.click(within(faq).getByText('Is this a student project?'));
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent(/not affiliated with or certified by UIDAI/);
    for (const question of ['What is Pehchaan?', 'How secure is my data?']) {
      expect(within(faq).getByText(question)).toBeInTheDocument();
    }
    expect(within(faq).getByText(/AES-256-GCM/)).toBeInTheDocument();
  });

  it('labels the testimonials as illustrative and the figures as not usage statistics', async () => {
    renderApp('/');
    const testimonials = await screen.findByRole('region', { name: 'How people might use it' });
    expect(within(testimonials).getByText(/They are not from real users/)).toBeInTheDocument();
    expect(within(testimonials).getAllByText('Illustrative')).toHaveLength(3);
    expect(screen.getByText(/They are not usage statistics/)).toBeInTheDocument();
  });
});
