/**
 * The six information pages of SPEC 2, rendered through the real route table: each shows the
 * sections SPEC 2 names under their exact headings, one h1 and no skipped heading level.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';

/** Waits for the page's h1, i.e. for its lazy route to load. */
async function openPage(path: string, title: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: title });
  return view;
}

function heading(level: number, name: string) {
  return screen.getByRole('heading', { level, name });
}

/** The region a section's h2 names. */
function section(name: string) {
  return screen.getByRole('region', { name });
}

function h3Names(container: HTMLElement) {
  return within(container)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
}

describe.each([
  ['/about', 'About Pehchaan'],
  ['/contact', 'Contact Us'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/support', 'Support Center'],
  ['/help', 'Help Center'],
])('%s', (path, title) => {
  it('has one h1 and headings that never skip a level', async () => {
    await openPage(path, title);
    const main = screen.getByRole('main');
    const levels = within(main)
      .getAllByRole('heading')
      .map((h) => Number(h.tagName.slice(1)));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) {
      expect(levels[i], `heading ${i} of ${path}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
    }
  });
});

describe('About (SPEC 1, 2)', () => {
  it('tells the mission, what the product does, its standards, the team and the values', async () => {
    await openPage('/about', 'About Pehchaan');
    for (const name of [
      'Our Mission',
      'What Pehchaan Does',
      'Built on Open Standards',
      'Our Team',
      'Our Values',
    ]) {
      expect(heading(2, name)).toBeInTheDocument();
    }
    expect(h3Names(section('Built on Open Standards'))).toEqual([
      'W3C Verifiable Credentials 2.0',
      'Data Integrity with Ed25519',
      'AES-256-GCM encryption',
      'DPDP Act, 2023',
    ]);
    expect(within(section('Our Team')).getByText(/a student project/)).toHaveTextContent(
      'built by students at a university in India',
    );
    expect(h3Names(section('Our Values'))).toHaveLength(4);
    // Truthful about what it is not.
    expect(screen.getByText(/not certified by UIDAI, not connected to DigiLocker/)).toBeVisible();
  });
});

describe('Contact (SPEC 2)', () => {
  it('promises a reply within 24 hours and shows the form and the contact details', async () => {
    await openPage('/contact', 'Contact Us');
    expect(screen.getByText('We respond within 24 hours')).toBeInTheDocument();
    expect(heading(2, 'Send Us a Message')).toBeInTheDocument();
    expect(h3Names(section('Contact Information'))).toEqual(['Email', 'Phone', 'Address']);
    const details = section('Contact Information');
    expect(within(details).getByRole('link', { name: 'support@pehchaan.example' })).toHaveAttribute(
      'href',
      'mailto:support@pehchaan.example',
    );
    const phone = within(details).getByRole('link', { name: '+91 11 0000 0000' });
    expect(phone).toHaveAttribute('href', 'tel:+911100000000');
    // The number reads left to right inside a right-to-left page (Urdu, Kashmiri, Sindhi).
    expect(phone).toHaveAttribute('dir', 'ltr');
  });
});

describe('Privacy Policy (SPEC 2)', () => {
  it('is dated January 2025 and has every section SPEC 2 lists', async () => {
    await openPage('/privacy', 'Privacy Policy');
    expect(screen.getByText('Last updated: January 2025')).toBeInTheDocument();
    for (const name of [
      'Our Commitment to Your Privacy',
      'Student Project Notice',
      'Our Privacy Principles',
      'How We Handle Your Data',
      'Contact Our Privacy Officer',
    ]) {
      expect(heading(2, name)).toBeInTheDocument();
    }
    expect(h3Names(section('Our Privacy Principles'))).toEqual([
      'Data Protection',
      'Consent First',
      'Transparency',
      'DPDP Compliance',
    ]);
    expect(h3Names(section('How We Handle Your Data'))).toEqual([
      'Data Collection',
      'Data Storage',
      'Data Sharing',
      'Your Rights',
    ]);
    expect(
      screen.getByText(/encrypted with AES-256-GCM and looked up by a keyed hash/),
    ).toBeVisible();
    expect(
      within(section('Contact Our Privacy Officer')).getByRole('link', {
        name: 'support@pehchaan.example',
      }),
    ).toHaveAttribute('href', 'mailto:support@pehchaan.example');
  });
});

describe('Terms of Service (SPEC 2)', () => {
  it('is dated January 2025, has every section SPEC 2 lists and Indian governing law', async () => {
    await openPage('/terms', 'Terms of Service');
    expect(screen.getByText('Last updated: January 2025')).toBeInTheDocument();
    for (const name of [
      'Agreement to Terms',
      'Important Notice',
      'Key Terms',
      'Legal Notices',
      'Questions About These Terms?',
    ]) {
      expect(heading(2, name)).toBeInTheDocument();
    }
    expect(h3Names(section('Key Terms'))).toEqual([
      'Service Description',
      'User Responsibilities',
      'Data and Privacy',
      'Acceptable Use',
    ]);
    expect(h3Names(section('Legal Notices'))).toEqual([
      'Student Project Notice',
      'Limitation of Liability',
      'Governing Law',
      'Changes to Terms',
    ]);
    const law = heading(3, 'Governing Law').closest('li')!;
    expect(law).toHaveTextContent('governed by the laws of India');
    expect(law).toHaveTextContent('courts of India');
  });
});

describe('Support Center (SPEC 2)', () => {
  it('has three contact cards, four feature cards, six FAQs and email and call buttons', async () => {
    await openPage('/support', 'Support Center');
    const channels = section('Contact Support');
    expect(h3Names(channels)).toEqual([
      'Email Support',
      'Phone Support',
      'Student Project Support',
    ]);
    expect(channels).toHaveTextContent('We reply within 24 hours.');
    expect(channels).toHaveTextContent('business hours');
    expect(channels).toHaveTextContent('academic schedule');
    expect(h3Names(section('How We Can Help'))).toHaveLength(4);

    const faq = section('Frequently Asked Questions');
    expect(faq.querySelectorAll('details')).toHaveLength(6);
    expect(within(faq).getByText('Is Pehchaan an official government service?')).toBeVisible();

    const cta = section('Still Need Help?');
    expect(within(cta).getByRole('link', { name: 'Email Us' })).toHaveAttribute(
      'href',
      'mailto:support@pehchaan.example',
    );
    expect(within(cta).getByRole('link', { name: 'Call Us' })).toHaveAttribute(
      'href',
      'tel:+911100000000',
    );
    // The number shown reads left to right inside a right-to-left page.
    expect(screen.getByRole('link', { name: '+91 11 0000 0000' })).toHaveAttribute('dir', 'ltr');
  });
});

describe('Help Center (SPEC 2)', () => {
  it('has quick actions, four categories of guides, four tips, four FAQs and links on', async () => {
    await openPage('/help', 'Help Center');
    const quick = section('Quick Actions');
    expect(h3Names(quick)).toEqual(['Video Tutorials', 'User Manual (PDF)', 'API Documentation']);
    // Not yet made: said so, not a dead link.
    expect(within(quick).getAllByText('Coming soon')).toHaveLength(2);
    expect(within(quick).getByRole('link', { name: 'Open API Documentation' })).toHaveAttribute(
      'href',
      '/docs',
    );

    const topics = section('Browse Help Topics');
    expect(h3Names(topics)).toEqual([
      'Getting Started',
      'Managing Credentials',
      'Consent and Sharing',
      'Privacy and Security',
    ]);
    for (const card of within(topics)
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('h3'))) {
      expect(within(card).getAllByRole('listitem')).toHaveLength(4);
    }

    expect(h3Names(section('Quick Tips'))).toHaveLength(4);
    expect(section('Frequently Asked Questions').querySelectorAll('details')).toHaveLength(4);

    const more = section('Still Need Help?');
    expect(within(more).getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(within(more).getByRole('link', { name: 'Visit Support Center' })).toHaveAttribute(
      'href',
      '/support',
    );
  });
});

describe('in Hindi', () => {
  it('shows the pages in Devanagari', async () => {
    await i18n.changeLanguage('hi');
    await openPage('/privacy', 'गोपनीयता नीति');
    expect(screen.getByText('अंतिम अपडेट: जनवरी 2025')).toBeInTheDocument();
    expect(heading(2, 'छात्र परियोजना सूचना')).toBeInTheDocument();
    expect(h3Names(section('हमारे गोपनीयता सिद्धांत'))).toEqual([
      'डेटा सुरक्षा',
      'सहमति सबसे पहले',
      'पारदर्शिता',
      'डीपीडीपी अनुपालन',
    ]);
  });
});
