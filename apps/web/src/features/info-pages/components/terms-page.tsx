/**
 * /terms, the Terms of Service (SPEC 2, 'Last updated: January 2025'): 'Agreement to Terms',
 * 'Important Notice', 'Key Terms' with four cards (Service Description, User Responsibilities,
 * Data and Privacy, Acceptable Use), 'Legal Notices' (Student Project Notice, Limitation of
 * Liability, Governing Law: India and the courts of India, Changes to Terms) and a contact block.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CheckCircleIcon,
  ClockIcon,
  FileIcon,
  InfoIcon,
  LockIcon,
  RefreshIcon,
  ShieldIcon,
  UserIcon,
} from '@/components/ui/icons';
import { CONTACT, mailtoHref } from '@/config/contact';
import { paths } from '@/config/paths';
import { INFO_NS } from '../texts';
import { AlertIcon, GraduationCapIcon, MailIcon, ScaleIcon } from './info-icons';
import {
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

const KEY_TERMS = [
  { key: 'service', icon: FileIcon },
  { key: 'responsibilities', icon: UserIcon },
  { key: 'data', icon: LockIcon },
  { key: 'use', icon: CheckCircleIcon },
] as const;

const LEGAL = [
  { key: 'student', icon: GraduationCapIcon },
  { key: 'liability', icon: ShieldIcon },
  { key: 'law', icon: ScaleIcon },
  { key: 'changes', icon: RefreshIcon },
] as const;

export function TermsPage() {
  const { t } = useTranslation(INFO_NS);
  return (
    <>
      <PageHero
        eyebrow={t('terms.eyebrow')}
        title={t('terms.title')}
        subtitle={t('terms.subtitle')}
      >
        <Pill icon={ClockIcon}>{t('shared.lastUpdated')}</Pill>
      </PageHero>
      <div className={`${NARROW_CONTAINER} pb-12`}>
        <InfoSection
          title={t('terms.agreement.title')}
          intro={
            <div className="space-y-3">
              <p>{t('terms.agreement.text')}</p>
              <p>
                <Link to={paths.privacy.getHref()} className={LINK_CLASSES}>
                  {t('terms.agreement.privacyLink')}
                </Link>
              </p>
            </div>
          }
        />

        <NoticeSection title={t('terms.notice.title')} icon={AlertIcon}>
          <p>{t('terms.notice.text')}</p>
        </NoticeSection>

        <InfoSection title={t('terms.key.title')}>
          <CardGrid columns={2}>
            {KEY_TERMS.map(({ key, icon }) => (
              <InfoCard key={key} icon={icon} title={t(`terms.key.items.${key}.title`)}>
                <p>{t(`terms.key.items.${key}.text`)}</p>
              </InfoCard>
            ))}
          </CardGrid>
        </InfoSection>

        <InfoSection title={t('terms.legal.title')}>
          <ul className="space-y-4">
            {LEGAL.map(({ key, icon }) => (
              <InfoCard key={key} icon={icon} title={t(`terms.legal.items.${key}.title`)}>
                <p>{t(`terms.legal.items.${key}.text`)}</p>
              </InfoCard>
            ))}
          </ul>
        </InfoSection>

        <InfoSection title={t('terms.contact.title')} intro={<p>{t('terms.contact.text')}</p>}>
          <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
            <ContactLine icon={MailIcon} label={t('shared.emailLabel')}>
              <a href={mailtoHref(CONTACT.email)} className={`${LINK_CLASSES} break-all`}>
                {CONTACT.email}
              </a>
            </ContactLine>
            <ContactLine icon={InfoIcon} label={t('contact.title')}>
              <Link to={paths.contact.getHref()} className={LINK_CLASSES}>
                {t('contact.form.title')}
              </Link>
            </ContactLine>
          </div>
        </InfoSection>
      </div>
    </>
  );
}
