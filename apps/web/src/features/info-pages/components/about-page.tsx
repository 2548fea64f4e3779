/**
 * /about (SPEC 1, 2): what Pehchaan is, in sections 'Our Mission', 'What Pehchaan Does' (what
 * the pilot really does, and what it is not), 'Built on Open Standards' (W3C VC 2.0, Data
 * Integrity with Ed25519, AES-256-GCM, DPDP Act 2023), 'Our Team' (a student project at a
 * university in India) and 'Our Values'.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import {
  CheckCircleIcon,
  ClockIcon,
  FileIcon,
  InfoIcon,
  LockIcon,
  ShareIcon,
  ShieldIcon,
  WifiOffIcon,
} from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { INFO_NS } from '../texts';
import {
  GlobeIcon,
  GraduationCapIcon,
  HeartIcon,
  KeyIcon,
  ScaleIcon,
  TargetIcon,
  UsersIcon,
} from './info-icons';
import { CardGrid, CONTAINER, InfoCard, InfoSection, LINK_CLASSES, PageHero } from './info-layout';

const DOES = [
  { key: 'credentials', icon: FileIcon },
  { key: 'sharing', icon: ShareIcon },
  { key: 'consent', icon: CheckCircleIcon },
  { key: 'activity', icon: ClockIcon },
  { key: 'verify', icon: ShieldIcon },
  { key: 'offline', icon: WifiOffIcon },
] as const;

const STANDARDS = [
  { key: 'vc', icon: GlobeIcon },
  { key: 'proof', icon: KeyIcon },
  { key: 'encryption', icon: LockIcon },
  { key: 'dpdp', icon: ScaleIcon },
] as const;

const VALUES = [
  { key: 'privacy', icon: LockIcon },
  { key: 'consent', icon: CheckCircleIcon },
  { key: 'transparency', icon: ShieldIcon },
  { key: 'inclusion', icon: HeartIcon },
] as const;

export function AboutPage() {
  const { t } = useTranslation(INFO_NS);
  return (
    <>
      <PageHero
        eyebrow={t('about.eyebrow')}
        title={t('about.title')}
        subtitle={t('about.subtitle')}
      />
      <div className={`${CONTAINER} pb-12`}>
        <InfoSection title={t('about.mission.title')}>
          <div className="flex gap-4 rounded-xl border border-orange-200 bg-orange-50 p-5 sm:p-6 dark:border-orange-900/60 dark:bg-orange-950/30">
            <TargetIcon className="mt-0.5 size-7 shrink-0 text-orange-800 dark:text-orange-300" />
            <p className="text-lg text-slate-800 dark:text-slate-200">{t('about.mission.text')}</p>
          </div>
        </InfoSection>

        <InfoSection title={t('about.does.title')} intro={<p>{t('about.does.intro')}</p>}>
          <CardGrid columns={3}>
            {DOES.map(({ key, icon }) => (
              <InfoCard key={key} icon={icon} title={t(`about.does.items.${key}.title`)}>
                <p>{t(`about.does.items.${key}.text`)}</p>
              </InfoCard>
            ))}
          </CardGrid>
          <p className="mt-6 flex gap-3 rounded-xl border border-sky-300 bg-sky-50 p-4 text-sky-950 dark:border-sky-700/60 dark:bg-sky-950/40 dark:text-sky-100">
            <InfoIcon className="mt-0.5 size-5 shrink-0" />
            <span>{t('about.does.notice')}</span>
          </p>
        </InfoSection>

        <InfoSection title={t('about.standards.title')} intro={<p>{t('about.standards.intro')}</p>}>
          <CardGrid columns={2}>
            {STANDARDS.map(({ key, icon }) => (
              <InfoCard key={key} icon={icon} title={t(`about.standards.items.${key}.title`)}>
                <p>{t(`about.standards.items.${key}.text`)}</p>
              </InfoCard>
            ))}
          </CardGrid>
        </InfoSection>

        <InfoSection title={t('about.team.title')}>
          <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:p-6 dark:border-slate-800 dark:bg-slate-900">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-green-100 text-green-800 dark:bg-green-500/15 dark:text-green-300">
              <GraduationCapIcon className="size-6" />
            </span>
            <div className="space-y-3 text-slate-700 dark:text-slate-300">
              <p>{t('about.team.text')}</p>
              <p className="flex items-center gap-2">
                <UsersIcon className="size-5 shrink-0 text-slate-500 dark:text-slate-400" />
                <Link to={paths.contact.getHref()} className={LINK_CLASSES}>
                  {t('about.team.cta')}
                </Link>
              </p>
            </div>
          </div>
        </InfoSection>

        <InfoSection title={t('about.values.title')}>
          <CardGrid columns={4}>
            {VALUES.map(({ key, icon }) => (
              <InfoCard key={key} icon={icon} title={t(`about.values.items.${key}.title`)}>
                <p>{t(`about.values.items.${key}.text`)}</p>
              </InfoCard>
            ))}
          </CardGrid>
        </InfoSection>

        <div className="flex flex-col gap-3 pt-4 sm:flex-row">
          <Link to={paths.login.getHref()} className={buttonClasses('primary')}>
            {t('about.tryDemo')}
          </Link>
          <Link to={paths.contact.getHref()} className={buttonClasses('secondary')}>
            {t('about.contactUs')}
          </Link>
        </div>
      </div>
    </>
  );
}
