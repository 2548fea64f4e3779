/**
 * The Contact form (SPEC 2): Name, Email, Subject (General Inquiry, Partnership Opportunity,
 * Technical Support, Feature Request, Other) and Message, each with a visible label.
 *
 * Sending checks the fields (`validateContactMessage`), shows each problem under its field and
 * moves focus to the first one; a valid message opens the visitor's email app through a
 * `mailto:` link to `CONTACT.email` with the subject and the message filled in, and the form
 * gives way to a thank-you note saying so. Nothing is sent to or stored by the server: there
 * is no backend for messages, and the note does not pretend otherwise. The form is prerendered
 * (/contact): until the app has started, a submission is held and replayed once it has
 * (src/public-start.ts), and what was typed is kept (useValueTypedBeforeStart); it never submits
 * itself to the server.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon } from '@/components/ui/icons';
import { inputShapeClass } from '@/components/ui/input';
import { CONTACT, mailtoHref } from '@/config/contact';
import { useValueTypedBeforeStart } from '@/lib/use-value-typed-before-start';
import {
  CONTACT_SUBJECTS,
  type ContactErrors,
  type ContactMessage,
  MESSAGE_MAX_LENGTH,
  MESSAGE_MIN_LENGTH,
  validateContactMessage,
} from '../contact-message';
import { openMailApp } from '../open-mail-app';
import { INFO_NS } from '../texts';
import { LINK_CLASSES } from './info-layout';

const EMPTY: ContactMessage = { name: '', email: '', subject: 'general', message: '' };
const FIELD_ORDER = ['name', 'email', 'message'] as const;

// scroll-mt: a field focused after a failed send stays clear of the sticky header.
const INPUT_CLASSES = `${inputShapeClass} scroll-mt-28 bg-white shadow-sm dark:bg-slate-950`;
const inputBorder = (invalid: boolean) =>
  invalid ? 'border-red-600 dark:border-red-400' : 'border-slate-400 dark:border-slate-600';

export function ContactForm() {
  const { t } = useTranslation(INFO_NS);
  const [value, setValue] = useState<ContactMessage>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  // After the first attempt, fields are checked again as they change.
  const [attempted, setAttempted] = useState(false);
  const [sentHref, setSentHref] = useState<string | null>(null);
  const ids = { form: useId(), name: useId(), email: useId(), subject: useId(), message: useId() };
  const fieldRefs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const adopt = (field: (typeof FIELD_ORDER)[number]) => (typed: string) =>
    setValue((current) => ({ ...current, [field]: typed }));
  useValueTypedBeforeStart(fieldRefs.name, value.name, adopt('name'));
  useValueTypedBeforeStart(fieldRefs.email, value.email, adopt('email'));
  useValueTypedBeforeStart(fieldRefs.message, value.message, adopt('message'));

  useEffect(() => {
    if (sentHref) thanksRef.current?.focus();
  }, [sentHref]);

  function update<K extends keyof ContactMessage>(key: K, next: ContactMessage[K]) {
    const updated = { ...value, [key]: next };
    setValue(updated);
    if (attempted) setErrors(validateContactMessage(updated));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateContactMessage(value);
    setErrors(found);
    setAttempted(true);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      fieldRefs[first].current?.focus();
      return;
    }
    const subject = t(`contact.subjects.${value.subject}`);
    const href = mailtoHref(CONTACT.email, {
      subject: t('contact.form.mailSubject', { subject }),
      body: t('contact.form.mailBody', {
        message: value.message.trim(),
        name: value.name.trim(),
        email: value.email.trim(),
      }),
    });
    openMailApp(href);
    setSentHref(href);
  }

  if (sentHref) {
    return (
      <div
        role="status"
        className="rounded-xl border border-green-300 bg-green-50 p-6 text-green-950 dark:border-green-700/60 dark:bg-green-950/40 dark:text-green-50"
      >
        <CheckCircleIcon className="size-8 text-green-700 dark:text-green-400" />
        <h3 ref={thanksRef} tabIndex={-1} className="mt-3 scroll-mt-32 text-lg font-semibold">
          {t('contact.form.success.title')}
        </h3>
        <p className="mt-2">{t('contact.form.success.text')}</p>
        <p className="mt-2 text-sm">
          {t('contact.form.success.fallback', { email: CONTACT.email })}
        </p>
        <div className="mt-5 flex flex-wrap items-center gap-4">
          <a href={sentHref} className={LINK_CLASSES}>
            {t('contact.form.success.openAgain')}
          </a>
          <Button
            variant="secondary"
            onClick={() => {
              setValue(EMPTY);
              setErrors({});
              setAttempted(false);
              setSentHref(null);
            }}
          >
            {t('contact.form.success.another')}
          </Button>
        </div>
      </div>
    );
  }

  const errorId = (field: keyof ContactErrors) => `${ids[field]}-error`;
  const errorText = (field: keyof ContactErrors) => {
    const code = errors[field];
    return code ? t(`contact.form.errors.${code}`, { min: MESSAGE_MIN_LENGTH }) : null;
  };
  const describedBy = (field: keyof ContactErrors, hint?: string) =>
    [errors[field] ? errorId(field) : '', hint ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    // POST: without JavaScript at all (nothing holds the submission), the message would
    // otherwise go into the URL.
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-describedby={`${ids.form}-intro`}
      className="space-y-5"
    >
      <p id={`${ids.form}-intro`} className="text-slate-700 dark:text-slate-300">
        {t('contact.form.intro', { email: CONTACT.email })}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <FieldLabel htmlFor={ids.name} label={t('contact.form.name')} />
          <input
            ref={fieldRefs.name}
            id={ids.name}
            name="name"
            type="text"
            autoComplete="name"
            required
            value={value.name}
            onChange={(e) => update('name', e.target.value)}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy('name')}
            className={`${INPUT_CLASSES} ${inputBorder(Boolean(errors.name))}`}
          />
          <FieldError id={errorId('name')} text={errorText('name')} />
        </div>
        <div>
          <FieldLabel htmlFor={ids.email} label={t('contact.form.email')} />
          <input
            ref={fieldRefs.email}
            id={ids.email}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={value.email}
            onChange={(e) => update('email', e.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
            className={`${INPUT_CLASSES} ${inputBorder(Boolean(errors.email))}`}
          />
          <FieldError id={errorId('email')} text={errorText('email')} />
        </div>
      </div>
      <div>
        <FieldLabel htmlFor={ids.subject} label={t('contact.form.subject')} optional />
        <select
          id={ids.subject}
          name="subject"
          value={value.subject}
          onChange={(e) => {
            const subject = CONTACT_SUBJECTS.find((s) => s === e.target.value);
            if (subject) update('subject', subject);
          }}
          className={`${INPUT_CLASSES} ${inputBorder(false)}`}
        >
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {t(`contact.subjects.${subject}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <FieldLabel htmlFor={ids.message} label={t('contact.form.message')} />
        <textarea
          ref={fieldRefs.message}
          id={ids.message}
          name="message"
          rows={6}
          required
          minLength={MESSAGE_MIN_LENGTH}
          maxLength={MESSAGE_MAX_LENGTH}
          value={value.message}
          onChange={(e) => update('message', e.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message', `${ids.message}-hint`)}
          className={`${INPUT_CLASSES} ${inputBorder(Boolean(errors.message))}`}
        />
        <p id={`${ids.message}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {t('contact.form.messageHint', { min: MESSAGE_MIN_LENGTH })}
        </p>
        <FieldError id={errorId('message')} text={errorText('message')} />
      </div>
      <Button type="submit" className="w-full sm:w-auto">
        {t('contact.form.submit')}
      </Button>
    </form>
  );
}

/** A field's label; required fields say so in words (not only a star). */
function FieldLabel({
  htmlFor,
  label,
  optional = false,
}: {
  htmlFor: string;
  label: string;
  optional?: boolean;
}) {
  const { t } = useTranslation(INFO_NS);
  return (
    <label htmlFor={htmlFor} className="block font-medium text-slate-900 dark:text-slate-100">
      {label}
      {!optional && (
        // The input's `required` tells assistive technology; this is for the eye.
        <span
          aria-hidden="true"
          className="ms-1 text-sm font-normal text-slate-600 dark:text-slate-400"
        >
          {t('contact.form.requiredMark')}
        </span>
      )}
    </label>
  );
}

function FieldError({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
      {text}
    </p>
  );
}
