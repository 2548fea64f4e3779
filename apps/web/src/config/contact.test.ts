import { describe, expect, it } from 'vitest';
import { CONTACT, mailtoHref, telHref } from './contact';

describe('contact links', () => {
  it('builds a plain mailto: link', () => {
    expect(mailtoHref(CONTACT.email)).toBe('mailto:support@pehchaan.example');
  });

  it('encodes the subject and the body, with CRLF line breaks (RFC 6068)', () => {
    const href = mailtoHref('a@b.example', { subject: 'पहचान: Q&A?', body: 'line 1\nline 2' });
    expect(href).toBe(
      `mailto:a@b.example?subject=${encodeURIComponent('पहचान: Q&A?')}&body=line%201%0D%0Aline%202`,
    );
  });

  it('builds a tel: link to the E.164 number', () => {
    expect(telHref(CONTACT.phoneE164)).toBe('tel:+911100000000');
    expect(CONTACT.phoneE164).toMatch(/^\+91\d{10}$/);
    expect(CONTACT.phoneDisplay.replace(/\s/g, '')).toBe(CONTACT.phoneE164);
  });
});
