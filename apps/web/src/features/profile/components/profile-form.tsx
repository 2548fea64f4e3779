/**
 * The two cards of /profile's details (SPEC 2, 3; issue 19):
 * - Personal Information: the holder's own contact fields (display name, email, username, bio),
 *   shown as text, or as a form while editing, with each field's message beside it
 *   (aria-invalid, aria-describedby). Save submits, Cancel restores (the page holds the state).
 * - Identity from your credentials: name, mobile number, date of birth, gender and address as
 *   the holder's issued credentials state them, each naming the credential and issuer that
 *   vouch for it ('Verified by UIDAI · Aadhaar Card') or 'Not verified'; never editable here,
 *   with how to have an issuer correct them (UIDAI's update process for Aadhaar).
 */
import {
  IDENTITY_FIELDS,
  type IdentityField,
  PROFILE_FIELDS,
  PROFILE_LIMITS,
  type Profile,
  type ProfileErrors,
  type ProfileField,
  type ProfileInput,
} from '@pehchaan/core';
import type { FormEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckCircleIcon, InfoIcon } from '@/components/ui/icons';
import { Input, inputClass } from '@/components/ui/input';
import { documentTypeName, issuerDisplayName } from '@/lib/document-labels';
import { useFormat } from '@/lib/preferences';
import '../i18n';

export interface ProfileFormProps {
  profile: Profile;
  editing: boolean;
  draft: ProfileInput;
  errors: ProfileErrors;
  saving: boolean;
  onChange: (field: ProfileField, value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
  /** The first input, focused when editing starts. */
  firstFieldRef: Ref<HTMLInputElement>;
}

const REQUIRED: ReadonlySet<ProfileField> = new Set(['email']);

/** How each field is offered to the browser's autofill. */
const AUTOCOMPLETE: Record<ProfileField, string> = {
  display_name: 'nickname',
  email: 'email',
  username: 'username',
  bio: 'off',
};

export function ProfileForm({
  profile,
  editing,
  draft,
  errors,
  saving,
  onChange,
  onSubmit,
  onCancel,
  firstFieldRef,
}: ProfileFormProps) {
  const { t } = useTranslation('profile');
  const id = (field: ProfileField) => `profile-${field}`;
  const errorId = (field: ProfileField) => `profile-${field}-error`;
  const hintId = (field: ProfileField) => `profile-${field}-hint`;

  const a11y = (field: ProfileField, hint = false) => ({
    id: id(field),
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [errors[field] ? errorId(field) : '', hint ? hintId(field) : ''].filter(Boolean).join(' ') ||
      undefined,
  });

  const label = (field: ProfileField) => (
    <label htmlFor={id(field)} className="text-sm font-medium text-slate-800 dark:text-slate-200">
      {t(`fields.${field}`)}
      {REQUIRED.has(field) && (
        <span aria-hidden="true" className="text-red-700 dark:text-red-400">
          {' '}
          *
        </span>
      )}
    </label>
  );
  const error = (field: ProfileField) => {
    const code = errors[field];
    return code ? (
      <p id={errorId(field)} className="mt-1 text-sm text-red-700 dark:text-red-400">
        {t(`errors.${code}`)}
      </p>
    ) : null;
  };
  const hint = (field: ProfileField, text: string) => (
    <p id={hintId(field)} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
      {text}
    </p>
  );

  if (!editing) {
    const shown = (field: ProfileField): string => {
      switch (field) {
        case 'username':
          return profile.username ? `@${profile.username}` : '';
        case 'display_name':
          return profile.display_name ?? '';
        case 'bio':
          return profile.bio ?? '';
        default:
          return profile[field];
      }
    };
    return (
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {PROFILE_FIELDS.map((field) => {
          const value = shown(field);
          return (
            <div key={field} className={field === 'bio' ? 'sm:col-span-2' : ''}>
              <dt className="text-sm text-slate-600 dark:text-slate-400">{t(`fields.${field}`)}</dt>
              <dd
                className={`mt-0.5 break-words ${value ? 'text-slate-900 dark:text-slate-100' : 'text-slate-500 italic dark:text-slate-400'}`}
              >
                {value || t('notSet')}
              </dd>
            </div>
          );
        })}
      </dl>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('personalInfo')} className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('editingHint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          {label('display_name')}
          <Input
            ref={firstFieldRef}
            {...a11y('display_name', true)}
            type="text"
            autoComplete={AUTOCOMPLETE.display_name}
            maxLength={PROFILE_LIMITS.displayNameMax}
            value={draft.display_name}
            onChange={(e) => onChange('display_name', e.target.value)}
          />
          {error('display_name')}
          {hint('display_name', t('hints.display_name', { name: profile.name }))}
        </div>
        <div>
          {label('email')}
          <Input
            {...a11y('email')}
            type="email"
            autoComplete={AUTOCOMPLETE.email}
            required
            maxLength={PROFILE_LIMITS.emailMax}
            value={draft.email}
            onChange={(e) => onChange('email', e.target.value)}
          />
          {error('email')}
        </div>
        <div>
          {label('username')}
          <Input
            {...a11y('username', true)}
            type="text"
            autoComplete={AUTOCOMPLETE.username}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={PROFILE_LIMITS.usernameMax}
            value={draft.username}
            onChange={(e) => onChange('username', e.target.value)}
          />
          {error('username')}
          {hint('username', t('hints.username'))}
        </div>
        <div className="sm:col-span-2">
          {label('bio')}
          <textarea
            {...a11y('bio', true)}
            rows={3}
            maxLength={PROFILE_LIMITS.bioMax}
            value={draft.bio}
            onChange={(e) => onChange('bio', e.target.value)}
            className={inputClass}
          />
          {error('bio')}
          {hint('bio', t('hints.bio', { count: draft.bio.length }))}
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={saving} className="min-h-11">
          {t('cancel')}
        </Button>
        <Button type="submit" loading={saving} loadingLabel={t('saving')} className="min-h-11">
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The identity fields as the credentials state them, read-only, each with the credential that
 * vouches for it, and how to have them corrected.
 */
export function CredentialIdentityCard({ profile }: { profile: Profile }) {
  const { t, i18n } = useTranslation('profile');
  const format = useFormat();
  const value = (field: IdentityField): string => {
    switch (field) {
      case 'dob':
        return format.date(profile.dob);
      case 'gender':
        return t(`genders.${profile.gender}`);
      default:
        return profile[field];
    }
  };
  return (
    <Card headingId="profile-credential-identity" title={t('credentialIdentity.title')}>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        {t('credentialIdentity.hint')}
      </p>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {IDENTITY_FIELDS.map((field) => {
          const source = profile.identity_sources[field];
          return (
            <div key={field} className={field === 'address' ? 'sm:col-span-2' : ''}>
              <dt className="text-sm text-slate-600 dark:text-slate-400">
                {t(`identityFields.${field}`)}
              </dt>
              <dd className="mt-0.5 break-words text-slate-900 dark:text-slate-100">
                {value(field) || t('notSet')}
              </dd>
              <dd className="mt-1 text-xs font-medium">
                {source ? (
                  <span className="inline-flex items-center gap-1 text-green-800 dark:text-green-300">
                    <CheckCircleIcon className="size-3.5" />
                    {t('credentialIdentity.vouchedBy', {
                      issuer: issuerDisplayName(source.issuer, i18n.language),
                      document: documentTypeName(source.document_type, i18n.language),
                    })}
                  </span>
                ) : (
                  <span className="text-slate-600 dark:text-slate-400">
                    {t('credentialIdentity.notVouched')}
                  </span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <div className="mt-4 flex gap-2 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
        <InfoIcon className="mt-0.5 size-4 shrink-0" />
        <div className="space-y-1">
          <p className="font-medium text-slate-900 dark:text-white">
            {t('credentialIdentity.correctTitle')}
          </p>
          <p>{t('credentialIdentity.correctText')}</p>
          <p>{t('credentialIdentity.correctAadhaar')}</p>
        </div>
      </div>
    </Card>
  );
}
