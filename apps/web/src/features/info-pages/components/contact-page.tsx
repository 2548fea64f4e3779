/**
 * /contact (SPEC 2): the promise 'We respond within 24 hours', the 'Send Us a Message' form
 * (see ContactForm: it prepares an email, nothing is stored) and 'Contact Information' cards
 * for email, phone and address.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ClockIcon } from '@/components/ui/icons';
import { CONTACT, mailtoHref, telHref } from '@/config/contact';
import { paths } from '@/config/paths';
import { INFO_NS } from '../texts';
import { ContactForm } from './contact-form';
import { MailIcon, MapPinIcon, PhoneIcon } from './info-icons';
import { CONTAINER, InfoCard, InfoSection, LINK_CLASSES, PageHero, Pill } from './info-layout';

export function ContactPage() {
  const { t } = useTranslation(INFO_NS);
  return (
    <>
      <PageHero
        eyebrow={t('contact.eyebrow')}
        title={t('contact.title')}
        subtitle={t('contact.subtitle')}
      >
        <Pill icon={ClockIcon}>{t('shared.respondWithin')}</Pill>
      </PageHero>
      <div
        className={`${CONTAINER} grid gap-x-10 pb-12 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]`}
      >
        <InfoSection title={t('contact.form.title')}>
          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
            <ContactForm />
          </div>
        </InfoSection>
        <InfoSection title={t('contact.details.title')}>
          <ul className="grid gap-4">
            <InfoCard icon={MailIcon} title={t('shared.emailLabel')}>
              <a
                href={mailtoHref(CONTACT.email)}
                className={`${LINK_CLASSES} self-start break-all`}
              >
                {CONTACT.email}
              </a>
              <p className="mt-1 text-sm">{t('contact.details.emailNote')}</p>
            </InfoCard>
            <InfoCard icon={PhoneIcon} title={t('shared.phoneLabel')}>
              <a
                href={telHref(CONTACT.phoneE164)}
                dir="ltr"
                className={`${LINK_CLASSES} self-start`}
              >
                {CONTACT.phoneDisplay}
              </a>
              <p className="mt-1 text-sm">{t('contact.details.phoneNote')}</p>
            </InfoCard>
            <InfoCard icon={MapPinIcon} title={t('shared.addressLabel')}>
              <address className="not-italic">{t('shared.address')}</address>
              <p className="mt-1 text-sm">{t('contact.details.addressNote')}</p>
            </InfoCard>
          </ul>
          <p className="mt-6">
            <Link to={paths.help.getHref()} className={LINK_CLASSES}>
              {t('contact.helpLink')}
            </Link>
          </p>
        </InfoSection>
      </div>
    </>
  );
}
