/**
 * The success toast of POST /identity/generate-credential in the UI language (SPEC 8's success
 * toasts; STYLE 15: the server's English `message` is never the text shown). The answer says what
 * was issued: its credential's `document_type` (SPEC 3's English name, 'PAN Card'), named in the
 * holder's language (lib/document-labels.ts); an answer without one (SPEC 7's fallback shape:
 * `credential_id` and `message` only) gets the toast without a name.
 */
import { documentTypeName } from './document-labels';
import { i18n } from './i18n';

/** What a generation answer may say about the credential it issued. */
export interface GeneratedAnswer {
  document_type?: string;
  credential?: { credential_subject: { document_type?: unknown } };
}

/** 'Credential generated successfully: PAN Card' (messages `credentialGeneratedNamed`). */
export function credentialGeneratedText(answer: GeneratedAnswer): string {
  const stated = answer.credential?.credential_subject.document_type ?? answer.document_type;
  if (typeof stated !== 'string' || stated === '') {
    return i18n.t('messages:credentialGenerated');
  }
  return i18n.t('messages:credentialGeneratedNamed', {
    name: documentTypeName(stated, i18n.language),
  });
}
