/**
 * The Personal Information card of /profile (SPEC 2, 3): the eight editable fields (name, email,
 * phone, username, bio, date of birth, gender, address) shown as text, or as a form while
 * editing, with each field's message beside it (aria-invalid, aria-describedby). Save submits,
 * Cancel restores (the page holds the state).
 */
import {
  digitsOnly,
  GENDERS,
  LIMITS,
  PROFILE_LIMITS,
  type Profile,
  type ProfileErrors,
  type ProfileField,
  type ProfileInput,
  todayInIndia,
} from '@pehchaan/core';
import type { FormEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input, inputClass } from '@/components/ui/input';
import '../i18n';

/** A date-only value (YYYY-MM-DD) in the UI language's Indian locale, e.g. '22 Jul 1992'. */
export function formatDateOnly(value: string, language: string): string {
  const date = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString(language === 'hi' ? 'hi-IN' : 'en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

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

const REQUIRED: ReadonlySet<ProfileField> = new Set(['name', 'email', 'phone', 'dob', 'gender']);

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
  const { t, i18n } = useTranslation('profile');
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
        case 'dob':
          return formatDateOnly(profile.dob, i18n.language);
        case 'gender':
          return t(`genders.${profile.gender}`);
        case 'username':
          return profile.username ? `@${profile.username}` : '';
        case 'bio':
          return profile.bio ?? '';
        default:
          return profile[field];
      }
    };
    return (
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {(['name', 'email', 'phone', 'username', 'dob', 'gender', 'address', 'bio'] as const).map(
          (field) => {
            const value = shown(field);
            return (
              <div
                key={field}
                className={field === 'address' || field === 'bio' ? 'sm:col-span-2' : ''}
              >
                <dt className="text-sm text-slate-600 dark:text-slate-400">
                  {t(`fields.${field}`)}
                </dt>
                <dd
                  className={`mt-0.5 break-words ${value ? 'text-slate-900 dark:text-slate-100' : 'text-slate-500 italic dark:text-slate-400'}`}
                >
                  {value || t('notSet')}
                </dd>
              </div>
            );
          },
        )}
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
          {label('name')}
          <Input
            ref={firstFieldRef}
            {...a11y('name')}
            type="text"
            autoComplete="name"
            required
            maxLength={PROFILE_LIMITS.nameMax}
            value={draft.name}
            onChange={(e) => onChange('name', e.target.value)}
          />
          {error('name')}
        </div>
        <div>
          {label('email')}
          <Input
            {...a11y('email')}
            type="email"
            autoComplete="email"
            required
            maxLength={PROFILE_LIMITS.emailMax}
            value={draft.email}
            onChange={(e) => onChange('email', e.target.value)}
          />
          {error('email')}
        </div>
        <div>
          {label('phone')}
          <Input
            {...a11y('phone', true)}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            required
            maxLength={LIMITS.phoneDigits}
            value={draft.phone}
            onChange={(e) => onChange('phone', digitsOnly(e.target.value))}
            className="font-mono"
          />
          {error('phone')}
          {hint('phone', t('hints.phone'))}
        </div>
        <div>
          {label('username')}
          <Input
            {...a11y('username', true)}
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={PROFILE_LIMITS.usernameMax}
            value={draft.username}
            onChange={(e) => onChange('username', e.target.value)}
          />
          {error('username')}
          {hint('username', t('hints.username'))}
        </div>
        <div>
          {label('dob')}
          <Input
            {...a11y('dob')}
            type="date"
            autoComplete="bday"
            required
            min={PROFILE_LIMITS.dobMin}
            max={todayInIndia(new Date())}
            value={draft.dob}
            onChange={(e) => onChange('dob', e.target.value)}
          />
          {error('dob')}
        </div>
        <div>
          {label('gender')}
          <select
            {...a11y('gender')}
            required
            value={draft.gender}
            onChange={(e) => onChange('gender', e.target.value)}
            className={inputClass}
          >
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`genders.${gender}`)}
              </option>
            ))}
          </select>
          {error('gender')}
        </div>
        <div className="sm:col-span-2">
          {label('address')}
          <textarea
            {...a11y('address')}
            autoComplete="street-address"
            rows={2}
            maxLength={PROFILE_LIMITS.addressMax}
            value={draft.address}
            onChange={(e) => onChange('address', e.target.value)}
            className={inputClass}
          />
          {error('address')}
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
