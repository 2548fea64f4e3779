/**
 * The information pages of SPEC 2: each of /about, /contact, /privacy, /terms, /support
 * and /help shows its required sections. Their axe scans, and their titles in Hindi, are in
 * public-pages.spec.ts (each public page once per language).
 */
import { expect, type Page, test } from '@playwright/test';

interface InfoPage {
  path: string;
  /** The English title (the Hindi ones: public-pages.spec.ts). */
  title: string;
  /** What the English page must show (SPEC 2). */
  check: (page: Page) => Promise<void>;
}

const h2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const h3 = (page: Page, name: string) => page.getByRole('heading', { level: 3, name, exact: true });
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function expectHeadings(page: Page, level: 2 | 3, names: string[]) {
  for (const name of names) {
    await expect(level === 2 ? h2(page, name) : h3(page, name)).toBeVisible();
  }
}

const PAGES: InfoPage[] = [
  {
    path: '/about',
    title: 'About Pehchaan',
    check: async (page) => {
      await expectHeadings(page, 2, [
        'Our Mission',
        'What Pehchaan Does',
        'Built on Open Standards',
        'Our Team',
        'Our Values',
      ]);
      await expectHeadings(page, 3, [
        'W3C Verifiable Credentials 2.0',
        'Data Integrity with Ed25519',
      ]);
      await expect(region(page, 'Our Team')).toContainText('a university in India');
    },
  },
  {
    path: '/contact',
    title: 'Contact Us',
    check: async (page) => {
      await expect(page.getByText('We respond within 24 hours', { exact: true })).toBeVisible();
      await expectHeadings(page, 2, ['Send Us a Message', 'Contact Information']);
      await expect(page.getByRole('combobox', { name: 'Subject' }).locator('option')).toHaveText([
        'General Inquiry',
        'Partnership Opportunity',
        'Technical Support',
        'Feature Request',
        'Other',
      ]);
    },
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    check: async (page) => {
      await expect(page.getByText('Last updated: January 2025')).toBeVisible();
      await expectHeadings(page, 2, [
        'Our Commitment to Your Privacy',
        'Student Project Notice',
        'Our Privacy Principles',
        'How We Handle Your Data',
        'Contact Our Privacy Officer',
      ]);
      await expectHeadings(page, 3, [
        'Data Protection',
        'Consent First',
        'Transparency',
        'DPDP Compliance',
        'Data Collection',
        'Data Storage',
        'Data Sharing',
        'Your Rights',
      ]);
    },
  },
  {
    path: '/terms',
    title: 'Terms of Service',
    check: async (page) => {
      await expect(page.getByText('Last updated: January 2025')).toBeVisible();
      await expectHeadings(page, 2, [
        'Agreement to Terms',
        'Important Notice',
        'Key Terms',
        'Legal Notices',
        'Questions About These Terms?',
      ]);
      await expectHeadings(page, 3, [
        'Service Description',
        'User Responsibilities',
        'Data and Privacy',
        'Acceptable Use',
        'Student Project Notice',
        'Limitation of Liability',
        'Governing Law',
        'Changes to Terms',
      ]);
      await expect(page.getByText(/courts of India/)).toBeVisible();
    },
  },
  {
    path: '/support',
    title: 'Support Center',
    check: async (page) => {
      await expect(region(page, 'Contact Support').getByRole('heading', { level: 3 })).toHaveText([
        'Email Support',
        'Phone Support',
        'Student Project Support',
      ]);
      await expect(region(page, 'How We Can Help').getByRole('heading', { level: 3 })).toHaveCount(
        4,
      );
      await expect(region(page, 'Frequently Asked Questions').locator('details')).toHaveCount(6);
      const cta = region(page, 'Still Need Help?');
      await expect(cta.getByRole('link', { name: 'Email Us' })).toHaveAttribute('href', /^mailto:/);
      await expect(cta.getByRole('link', { name: 'Call Us' })).toHaveAttribute('href', /^tel:/);
    },
  },
  {
    path: '/help',
    title: 'Help Center',
    check: async (page) => {
      await expect(region(page, 'Quick Actions').getByRole('heading', { level: 3 })).toHaveText([
        'Video Tutorials',
        'User Manual (PDF)',
        'API Documentation',
      ]);
      await expect(
        region(page, 'Browse Help Topics').getByRole('heading', { level: 3 }),
      ).toHaveText([
        'Getting Started',
        'Managing Credentials',
        'Consent and Sharing',
        'Privacy and Security',
      ]);
      await expect(region(page, 'Quick Tips').getByRole('heading', { level: 3 })).toHaveCount(4);
      await expect(region(page, 'Frequently Asked Questions').locator('details')).toHaveCount(4);
      const more = region(page, 'Still Need Help?');
      await expect(more.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
        'href',
        '/contact',
      );
      await expect(more.getByRole('link', { name: 'Visit Support Center' })).toHaveAttribute(
        'href',
        '/support',
      );
    },
  },
];

for (const info of PAGES) {
  test(`${info.path}: the required sections`, async ({ page }) => {
    await page.goto(info.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(info.title);
    await info.check(page);
  });
}

test('the contact form checks its fields, then prepares the email and says so', async ({
  page,
}) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();

  await page.getByRole('textbox', { name: 'Name' }).fill('Asha Verma');
  await page.getByRole('textbox', { name: 'Email' }).fill('asha@example');
  await page.getByRole('textbox', { name: 'Message' }).fill('Short');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(
    page.getByText('Please enter a valid email address, like name@example.com'),
  ).toBeVisible();
  await expect(page.getByText('Your message must be at least 20 characters long')).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill('asha@example.in');
  await page.getByRole('combobox', { name: 'Subject' }).selectOption({ label: 'Feature Request' });
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('Please add Tamil as a third language.');
  await page.getByRole('button', { name: 'Send Message' }).click();

  const status = page.getByRole('status').filter({ hasText: 'Thank you!' });
  await expect(status).toContainText('Thank you! Your message is ready in your email app.');
  await expect(status).toContainText("we'll respond within 24 hours");
  // The email app got this link (Chromium hands mailto: to the system, the page stays).
  await expect(status.getByRole('link', { name: 'Open email app again' })).toHaveAttribute(
    'href',
    /^mailto:support@pehchaan\.example\?subject=Pehchaan%3A%20Feature%20Request&body=Please%20add/,
  );
});
