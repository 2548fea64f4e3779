/**
 * /privacy, the Privacy Policy (SPEC 2, 'Last updated: January 2025'): hero, 'Our Commitment to
 * Your Privacy', 'Student Project Notice', four principle cards (Data Protection, Consent First,
 * Transparency, DPDP Compliance), 'How We Handle Your Data' (Data Collection, Data Storage, Data
 * Sharing, Your Rights under the DPDP Act 2023) and 'Contact Our Privacy Officer'. Every claim
 * describes what the product implements (AES-256-GCM, SHA-256 session hashes, PostgreSQL), and Data
 * Storage says what the encrypted browser copy (docs/security.md "The browser cache") does and does
 * not protect.
 */
import { useTranslation } from 'react-i18next';
import { CheckCircleIcon, ClockIcon, FileIcon, LockIcon, ShieldIcon } from '@/components/ui/icons';
import { CONTACT, mailtoHref } from '@/config/contact';
import { INFO_NS } from '../texts';
import { GraduationCapIcon, MailIcon, MapPinIcon, ScaleIcon } from './info-icons';
import {
  BulletList,
  CardGrid,
  ContactLine,
  InfoCard,
  InfoSection,
  LINK_CLASSES,
  NARROW_CONTAINER,
  NoticeSection,
  PageHero,
  Pill,
} from './info-layout';

const PRINCIPLES = [
  { key: 'protection', icon: LockIcon },
  { key: 'consent', icon: CheckCircleIcon },
  { key: 'transparency', icon: ShieldIcon },
  { key: 'dpdp', icon: ScaleIcon },
] as const;

const COLLECTION = ['identity', 'session', 'activity', 'preferences', 'noTracking'] as const;
const STORAGE = ['database', 'aadhaar', 'documents', 'browser', 'browserLimits'] as const;
const SHARING = ['never', 'when', 'links', 'rejected', 'law'] as const;
const RIGHTS = ['access', 'correction', 'erasure', 'withdraw', 'grievance', 'nominate'] as const;

export function PrivacyPage() {
  const { t } = useTranslation(INFO_NS);
  const handling = [
    {
      key: 'collection',
      icon: FileIcon,
      title: t('privacy.handling.collection.title'),
      intro: t('privacy.handling.collection.intro'),
      items: COLLECTION.map((k) => t(`privacy.handling.collection.items.${k}`)),
    },
    {
      key: 'storage',
      icon: LockIcon,
      title: t('privacy.handling.storage.title'),
      items: STORAGE.map((k) => t(`privacy.handling.storage.items.${k}`)),
    },
    {
      key: 'sharing',
      icon: ShieldIcon,
      title: t('privacy.handling.sharing.title'),
      items: SHARING.map((k) => t(`privacy.handling.sharing.items.${k}`)),
    },
    {
      key: 'rights',
      icon: ScaleIcon,
      title: t('privacy.handling.rights.title'),
      intro: t('privacy.handling.rights.intro'),
      items: RIGHTS.map((k) => t(`privacy.handling.rights.items.${k}`)),
      outro: t('privacy.handling.rights.how'),
    },
  ];

  return (
    <>
      <PageHero
        eyebrow={t('privacy.eyebrow')}
        title={t('privacy.title')}
        subtitle={t('privacy.subtitle')}
      >
        <Pill icon={ClockIcon}>{t('shared.lastUpdated')}</Pill>
      </PageHero>
      <div className={`${NARROW_CONTAINER} pb-12`}>
        <InfoSection
          title={t('privacy.commitment.title')}
          intro={
            <div className="space-y-3">
              <p>{t('privacy.commitment.p1')}</p>
              <p>{t('privacy.commitment.p2')}</p>
            </div>
          }
        />

        <NoticeSection title={t('privacy.studentNotice.title')} icon={GraduationCapIcon}>
          <p>{t('privacy.studentNotice.text')}</p>
        </NoticeSection>

        <InfoSection title={t('privacy.principles.title')}>
          <CardGrid columns={2}>
            {PRINCIPLES.map(({ key, icon }) => (
              <InfoCard key={key} icon={icon} title={t(`privacy.principles.items.${key}.title`)}>
                <p>{t(`privacy.principles.items.${key}.text`)}</p>
              </InfoCard>
            ))}
          </CardGrid>
        </InfoSection>

        <InfoSection title={t('privacy.handling.title')}>
          <ul className="space-y-4">
            {handling.map(({ key, icon, title, intro, items, outro }) => (
              <InfoCard key={key} icon={icon} title={title}>
                {intro && <p className="mb-3">{intro}</p>}
                <BulletList items={items} />
                {outro && <p className="mt-3 font-medium">{outro}</p>}
              </InfoCard>
            ))}
          </ul>
        </InfoSection>

        <InfoSection title={t('privacy.officer.title')} intro={<p>{t('privacy.officer.text')}</p>}>
          <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
            <ContactLine icon={MailIcon} label={t('privacy.officer.role')}>
              <a href={mailtoHref(CONTACT.email)} className={`${LINK_CLASSES} break-all`}>
                {CONTACT.email}
              </a>
            </ContactLine>
            <ContactLine icon={MapPinIcon} label={t('shared.addressLabel')}>
              <address className="not-italic">{t('shared.address')}</address>
            </ContactLine>
          </div>
        </InfoSection>
      </div>
    </>
  );
}
