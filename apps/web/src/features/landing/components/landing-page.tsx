/**
 * The landing page of SPEC 1 and 2, in English and Hindi (the `landing` namespace):
 * hero with its own English/Hindi toggle and the badges Made in India, DPDP Compliant and W3C
 * Standards; #features (the header's Features link); how it works; the pilot at a glance;
 * partners; illustrative testimonials; demos and the pilot call to action; FAQ.
 *
 * Copy is truthful about the product: figures describe what the pilot does, quotes are
 * labelled illustrative, issuers are named as the documents' issuers, not as partners.
 *
 * Speed (ADR 0005): this chunk imports only shared UI, lib and config, never another feature or the
 * signed-in app; icons are inline SVG and nothing loads late, so nothing shifts the layout.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import {
  ArrowRightIcon,
  CheckCircleIcon,
  ClockIcon,
  FileIcon,
  ShareIcon,
  ShieldIcon,
  WifiOffIcon,
} from '@/components/ui/icons';
import { CONTACT, mailtoHref } from '@/config/contact';
import { paths } from '@/config/paths';
import { LANGUAGES } from '@/lib/i18n';
import { LANDING_NAMESPACE } from '../i18n';
import { FaqSection } from './faq-section';
import { LanguageSwitch } from './language-switch';
import { PartnersSection } from './partners-section';
import { Section } from './section';

const BADGES = ['madeInIndia', 'dpdp', 'w3c'] as const;

const FEATURES = [
  { key: 'credentials', Icon: FileIcon },
  { key: 'consent', Icon: CheckCircleIcon },
  { key: 'sharing', Icon: ShareIcon },
  { key: 'audit', Icon: ClockIcon },
  { key: 'verifier', Icon: ShieldIcon },
  { key: 'offline', Icon: WifiOffIcon },
] as const;

const STEPS = ['signIn', 'receive', 'share', 'consent'] as const;

/** What the pilot does, not usage figures (the band's note says so). */
const FACTS = [
  { key: 'documents', value: '10' },
  { key: 'requesters', value: '3' },
  { key: 'encryption', value: 'AES-256' },
  { key: 'languages', value: String(LANGUAGES.length) },
] as const;

const TESTIMONIALS = ['student', 'parent', 'officer'] as const;

const DEMOS = [
  { key: 'kyc', href: paths.kycDemo.getHref() },
  { key: 'business', href: paths.businessDashboard.getHref() },
  { key: 'wallet', href: paths.digitalWallet.getHref() },
  { key: 'verify', href: paths.login.getHref() },
] as const;

const DEMOS_HREF = `${paths.home.getHref()}#demos`;

/**
 * Scrolls to the element named by the URL hash on every navigation to it, also when the same
 * hash is followed again (react-router does not scroll to hashes itself). Not for the page's
 * first location (key 'default'): the browser scrolled to its hash when it loaded the page, and
 * the app may start long after, when the visitor has scrolled elsewhere (ADR 0010).
 */
function useScrollToHash() {
  const { hash, key } = useLocation();
  // `key` also makes a repeated click scroll again.
  useEffect(() => {
    if (!hash || key === 'default') return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, key]);
}

function Hero() {
  const { t } = useTranslation(LANDING_NAMESPACE);
  return (
    <section
      aria-labelledby="hero-heading"
      className="bg-gradient-to-b from-orange-50 via-white to-green-50 dark:from-slate-900 dark:via-slate-950 dark:to-slate-900"
    >
      <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 lg:px-8">
        <div className="flex justify-end">
          <LanguageSwitch />
        </div>
      </div>
      <div className="mx-auto max-w-5xl px-4 pt-8 pb-16 text-center sm:pt-12 sm:pb-24">
        <p className="text-sm font-semibold tracking-wide text-orange-800 uppercase dark:text-orange-300">
          {t('hero.eyebrow')}
        </p>
        <h1
          id="hero-heading"
          className="mt-3 text-4xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white"
        >
          {t('hero.title')}
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
          {t('hero.subtitle')}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.login.getHref()} className={buttonClasses('primary')}>
            {t('hero.getStarted')}
            <ArrowRightIcon className="size-4" />
          </Link>
          <Link to={DEMOS_HREF} className={buttonClasses('secondary')}>
            {t('hero.tryDemos')}
          </Link>
        </div>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t('hero.note')}</p>
        <ul aria-label={t('badges.label')} className="mt-8 flex flex-wrap justify-center gap-2">
          {BADGES.map((badge) => (
            <li
              key={badge}
              className="inline-flex items-center gap-1.5 rounded-full border border-green-300 bg-white px-3 py-1 text-sm font-medium text-green-800 dark:border-green-800 dark:bg-slate-900 dark:text-green-300"
            >
              <CheckCircleIcon className="size-4" />
              {t(`badges.${badge}`)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Features() {
  const { t } = useTranslation(LANDING_NAMESPACE);
  return (
    <Section id="features" title={t('features.title')} lead={t('features.subtitle')}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ key, Icon }) => (
          <li
            key={key}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
          >
            <Icon className="size-8 text-orange-700 dark:text-orange-400" />
            <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">
              {t(`features.items.${key}.title`)}
            </h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {t(`features.items.${key}.text`)}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function HowItWorks() {
  const { t } = useTranslation(LANDING_NAMESPACE);
  return (
    <Section id="how-it-works" title={t('steps.title')} lead={t('steps.subtitle')} tone="tinted">
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((key, index) => (
          <li key={key} className="relative">
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full bg-orange-100 text-lg font-bold text-orange-800 dark:bg-orange-950 dark:text-orange-300"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">
              <span className="sr-only">{t('steps.stepLabel', { n: index + 1 })}: </span>
              {t(`steps.items.${key}.title`)}
            </h3>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              {t(`steps.items.${key}.text`)}
            </p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Impact() {
  const { t } = useTranslation(LANDING_NAMESPACE);
  return (
    <Section id="impact" title={t('impact.title')} lead={t('impact.note')}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {FACTS.map(({ key, value }) => (
          <li
            key={key}
            className="rounded-xl border border-slate-200 bg-white p-6 text-center dark:border-slate-800 dark:bg-slate-900"
          >
            <p className="text-4xl font-extrabold text-orange-700 dark:text-orange-400">{value}</p>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              {t(`impact.items.${key}`)}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Testimonials() {
  const { t } = useTranslation(LANDING_NAMESPACE);
  return (
    <Section id="testimonials" title={t('testimonials.title')} lead={t('testimonials.note')}>
      <ul className="grid gap-6 lg:grid-cols-3">
        {TESTIMONIALS.map((key) => (
          <li key={key}>
            <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900">
              <p className="self-start rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                {t('testimonials.badge')}
              </p>
              <blockquote className="mt-4 flex-1 text-slate-800 dark:text-slate-200">
                <p>“{t(`testimonials.items.${key}.quote`)}”</p>
              </blockquote>
              <figcaption className="mt-4 text-sm font-medium text-slate-600 dark:text-slate-400">
                {t(`testimonials.items.${key}.who`)}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Demos() {
  const { t } = useTranslation(LANDING_NAMESPACE);
  return (
    <Section id="demos" title={t('demos.title')} lead={t('demos.subtitle')} tone="tinted">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {DEMOS.map(({ key, href }) => (
          <li
            key={key}
            className="flex flex-col rounded-xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-950"
          >
            <h3 className="font-semibold text-slate-900 dark:text-white">
              {t(`demos.items.${key}.title`)}
            </h3>
            <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-400">
              {t(`demos.items.${key}.text`)}
            </p>
            <Link
              to={href}
              className="mt-4 inline-flex items-center gap-1 self-start rounded text-sm font-semibold text-orange-800 hover:underline dark:text-orange-300"
            >
              {t(`demos.items.${key}.link`)}
              <ArrowRightIcon className="size-4" />
            </Link>
          </li>
        ))}
      </ul>

      <div
        id="pilot"
        className="mt-12 flex flex-col items-start gap-6 rounded-2xl bg-orange-700 p-8 text-white sm:flex-row sm:items-center sm:justify-between dark:bg-orange-900"
      >
        <div className="max-w-2xl">
          <h3 className="text-xl font-bold">{t('pilot.title')}</h3>
          <p className="mt-2 text-orange-50">{t('pilot.text')}</p>
        </div>
        <div className="flex shrink-0 flex-col gap-3">
          <Link to={paths.contact.getHref()} className={buttonClasses('inverse')}>
            {t('pilot.button')}
          </Link>
          <a
            href={mailtoHref(CONTACT.email, { subject: t('pilot.emailSubject') })}
            className={buttonClasses('outlineInverse')}
          >
            {t('pilot.email')}
          </a>
        </div>
      </div>
    </Section>
  );
}

export function LandingPage() {
  useScrollToHash();
  return (
    <>
      <Hero />
      <Features />
      <HowItWorks />
      <Impact />
      <PartnersSection />
      <Testimonials />
      <Demos />
      <FaqSection />
    </>
  );
}
