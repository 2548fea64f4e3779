/**
 * /support, the Support Center (SPEC 2): 'Contact Support' with three cards (Email Support,
 * reply within 24 hours; Phone Support, business hours; Student Project Support, on the
 * academic schedule), 'How We Can Help' with four feature cards, six 'Frequently Asked
 * Questions', and 'Still Need Help?' with Email Us (mailto:) and Call Us (tel:) buttons.
 */
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { CheckCircleIcon, FileIcon, LockIcon, UserIcon } from '@/components/ui/icons';
import { CONTACT, mailtoHref, telHref } from '@/config/contact';
import { INFO_NS } from '../texts';
import { GraduationCapIcon, MailIcon, PhoneIcon } from './info-icons';
import {
  CardGrid,
  CONTAINER,
  FaqList,
  InfoCard,
  InfoSection,
  LINK_CLASSES,
  PageHero,
} from './info-layout';

const FEATURES = [
  { key: 'signIn', icon: UserIcon },
  { key: 'credentials', icon: FileIcon },
  { key: 'consent', icon: CheckCircleIcon },
  { key: 'privacy', icon: LockIcon },
] as const;

const FAQS = ['signIn', 'duplicate', 'share', 'consent', 'offline', 'official'] as const;

export function SupportPage() {
  const { t } = useTranslation(INFO_NS);
  const email = mailtoHref(CONTACT.email);
  const phone = telHref(CONTACT.phoneE164);
  return (
    <>
      <PageHero
        eyebrow={t('support.eyebrow')}
        title={t('support.title')}
        subtitle={t('support.subtitle')}
      />
      <div className={`${CONTAINER} pb-12`}>
        <InfoSection title={t('support.channels.title')}>
          <CardGrid columns={3}>
            <InfoCard icon={MailIcon} title={t('support.channels.email.title')}>
              <p>{t('support.channels.email.text')}</p>
              <a href={email} className={`${LINK_CLASSES} mt-3 self-start break-all`}>
                {CONTACT.email}
              </a>
            </InfoCard>
            <InfoCard icon={PhoneIcon} title={t('support.channels.phone.title')}>
              <p>{t('support.channels.phone.text')}</p>
              {/* A phone number reads left to right in a right-to-left page too. */}
              <a href={phone} dir="ltr" className={`${LINK_CLASSES} mt-3 self-start`}>
                {CONTACT.phoneDisplay}
              </a>
            </InfoCard>
            <InfoCard icon={GraduationCapIcon} title={t('support.channels.student.title')}>
              <p>{t('support.channels.student.text')}</p>
            </InfoCard>
          </CardGrid>
        </InfoSection>

        <InfoSection title={t('support.features.title')}>
          <CardGrid columns={4}>
            {FEATURES.map(({ key, icon }) => (
              <InfoCard key={key} icon={icon} title={t(`support.features.items.${key}.title`)}>
                <p>{t(`support.features.items.${key}.text`)}</p>
              </InfoCard>
            ))}
          </CardGrid>
        </InfoSection>

        <InfoSection title={t('support.faq.title')}>
          <FaqList
            items={FAQS.map((key) => ({
              q: t(`support.faq.items.${key}.q`),
              a: t(`support.faq.items.${key}.a`),
            }))}
          />
        </InfoSection>

        <InfoSection title={t('support.cta.title')} intro={<p>{t('support.cta.text')}</p>}>
          <div className="flex flex-col gap-3 sm:flex-row">
            <a href={email} className={buttonClasses('primary')}>
              <MailIcon />
              {t('support.cta.email')}
            </a>
            <a href={phone} className={buttonClasses('secondary')}>
              <PhoneIcon />
              {t('support.cta.call')}
            </a>
          </div>
        </InfoSection>
      </div>
    </>
  );
}
