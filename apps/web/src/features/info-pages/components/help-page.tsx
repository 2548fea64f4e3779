/**
 * /help, the Help Center (SPEC 2): 'Quick Actions' (Video Tutorials and User Manual (PDF),
 * marked 'Coming soon' rather than dead links; API Documentation, a real link to the API's
 * OpenAPI page), 'Browse Help Topics' with four categories of guides, four 'Quick Tips', four
 * 'Frequently Asked Questions', and 'Still Need Help?' linking to /contact and /support.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import {
  ArrowRightIcon,
  ChevronDownIcon,
  ClockIcon,
  EyeIcon,
  FileIcon,
  LockIcon,
  ShareIcon,
  UserIcon,
} from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { INFO_NS } from '../texts';
import { BookIcon, CodeIcon, LightbulbIcon, VideoIcon } from './info-icons';
import { CardGrid, CONTAINER, FaqList, InfoCard, InfoSection, PageHero } from './info-layout';

const CATEGORIES = [
  { key: 'start', icon: UserIcon },
  { key: 'credentials', icon: FileIcon },
  { key: 'sharing', icon: ShareIcon },
  { key: 'security', icon: LockIcon },
] as const;

const TIPS = [
  { key: 'minimum', icon: EyeIcon },
  { key: 'otp', icon: LockIcon },
  { key: 'log', icon: ClockIcon },
  { key: 'signOut', icon: UserIcon },
] as const;

const FAQS = ['vc', 'aadhaar', 'documents', 'offline'] as const;

export function HelpPage() {
  const { t } = useTranslation(INFO_NS);
  return (
    <>
      <PageHero eyebrow={t('help.eyebrow')} title={t('help.title')} subtitle={t('help.subtitle')} />
      <div className={`${CONTAINER} pb-12`}>
        <InfoSection title={t('help.quick.title')}>
          <CardGrid columns={3}>
            <InfoCard icon={VideoIcon} title={t('help.quick.videos.title')}>
              <p>{t('help.quick.videos.text')}</p>
              <ComingSoon />
            </InfoCard>
            <InfoCard icon={BookIcon} title={t('help.quick.manual.title')}>
              <p>{t('help.quick.manual.text')}</p>
              <ComingSoon />
            </InfoCard>
            <InfoCard icon={CodeIcon} title={t('help.quick.api.title')}>
              <p>{t('help.quick.api.text')}</p>
              {/* Served by the API, not a route of this app: a plain link. */}
              <a
                href={paths.apiDocs.getHref()}
                className={`${buttonClasses('secondary', 'sm')} mt-4 self-start`}
              >
                {t('help.quick.api.link')}
                <ArrowRightIcon className="size-4" />
              </a>
            </InfoCard>
          </CardGrid>
        </InfoSection>

        <InfoSection title={t('help.categories.title')}>
          <CardGrid columns={2}>
            {CATEGORIES.map(({ key, icon }) => (
              <InfoCard key={key} icon={icon} title={t(`help.categories.items.${key}.title`)}>
                <GuideList
                  guides={Object.values(
                    t(`help.categories.items.${key}.guides`, { returnObjects: true }),
                  )}
                />
              </InfoCard>
            ))}
          </CardGrid>
        </InfoSection>

        <InfoSection title={t('help.tips.title')}>
          <CardGrid columns={4}>
            {TIPS.map(({ key, icon }) => (
              <InfoCard key={key} icon={icon} title={t(`help.tips.items.${key}.title`)}>
                <p>{t(`help.tips.items.${key}.text`)}</p>
              </InfoCard>
            ))}
          </CardGrid>
        </InfoSection>

        <InfoSection title={t('help.faq.title')}>
          <FaqList
            items={FAQS.map((key) => ({
              q: t(`help.faq.items.${key}.q`),
              a: t(`help.faq.items.${key}.a`),
            }))}
          />
        </InfoSection>

        <InfoSection title={t('help.more.title')} intro={<p>{t('help.more.text')}</p>}>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to={paths.contact.getHref()} className={buttonClasses('primary')}>
              {t('help.more.contact')}
            </Link>
            <Link to={paths.support.getHref()} className={buttonClasses('secondary')}>
              {t('help.more.support')}
            </Link>
          </div>
        </InfoSection>
      </div>
    </>
  );
}

function ComingSoon() {
  const { t } = useTranslation(INFO_NS);
  return (
    <p className="mt-4 inline-flex items-center gap-1.5 self-start rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      <LightbulbIcon className="size-4" />
      {t('shared.comingSoon')}
    </p>
  );
}

/** A category's guides: each title opens to its short how-to. */
function GuideList({ guides }: { guides: { title: string; text: string }[] }) {
  return (
    <ul className="-mx-2 mt-1">
      {guides.map(({ title, text }) => (
        <li key={title}>
          <details className="group rounded-lg">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-2 py-2 font-medium text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
              {title}
              <ChevronDownIcon className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180 dark:text-slate-400" />
            </summary>
            <p className="px-2 pb-3 text-sm text-slate-700 dark:text-slate-300">{text}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}
