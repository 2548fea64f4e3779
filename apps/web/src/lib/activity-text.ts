/**
 * An activity log entry's text in the UI language (issue 19). An entry with a message code
 * (core's activity-messages.ts) is worded from `activity`'s `messages.{code}` with its
 * parameters made readable in that language: the document type's name, the consent purpose,
 * the profile fields (a `date` stays YYYY-MM-DD); an entry without one shows its stored
 * `description` (English, SPEC 3).
 */
import { type ActivityLog, profileFieldsParam } from '@pehchaan/core';
import { useTranslation } from 'react-i18next';
import { useConsentTexts } from './consent-texts';
import { documentTypeName } from './document-labels';

/** The function that words an entry in the current UI language. */
export function useActivityText(): (log: ActivityLog) => string {
  const { t, i18n } = useTranslation('activity');
  const consent = useConsentTexts();
  return (log) => {
    const code = log.message_code;
    if (!code) return log.description;
    const params = log.message_params ?? {};
    const text = (key: string) => String(params[key] ?? '');
    const fields = profileFieldsParam(params.fields).map((field) => t(`profileFields.${field}`));
    return t(`messages.${code}`, {
      document: documentTypeName(text('document_type'), i18n.language),
      requester: text('requester'),
      purpose: consent.purpose(text('requester'), text('purpose')),
      fields: fields.join(', '),
      // A consent's last day (issue 17), YYYY-MM-DD: the same in every language.
      date: text('date'),
      count: typeof params.count === 'number' ? params.count : 0,
      context: code === 'profile_updated' && fields.length === 0 ? 'none' : undefined,
      defaultValue: log.description,
    });
  };
}
