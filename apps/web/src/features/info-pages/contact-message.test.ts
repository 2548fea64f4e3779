import { describe, expect, it } from 'vitest';
import { type ContactMessage, MESSAGE_MIN_LENGTH, validateContactMessage } from './contact-message';

const VALID: ContactMessage = {
  name: 'Asha Verma',
  email: 'asha@example.in',
  subject: 'general',
  message: 'x'.repeat(MESSAGE_MIN_LENGTH),
};

describe('validateContactMessage', () => {
  it('accepts a complete message', () => {
    expect(validateContactMessage(VALID)).toEqual({});
  });

  it('requires a name, an email and a message (blank counts as empty)', () => {
    expect(validateContactMessage({ ...VALID, name: '  ', email: '', message: ' \n ' })).toEqual({
      name: 'nameRequired',
      email: 'emailRequired',
      message: 'messageRequired',
    });
  });

  it.each(['asha', 'asha@', '@example.in', 'asha@example', 'asha @example.in', 'a@b.'])(
    'rejects the email %j',
    (email) => {
      expect(validateContactMessage({ ...VALID, email }).email).toBe('emailInvalid');
    },
  );

  it.each(['a@b.co', ' asha.verma+pilot@mail.example.in '])('accepts the email %j', (email) => {
    expect(validateContactMessage({ ...VALID, email }).email).toBeUndefined();
  });

  it(`needs at least ${MESSAGE_MIN_LENGTH} characters of message, not counting outer spaces`, () => {
    const short = ` ${'x'.repeat(MESSAGE_MIN_LENGTH - 1)} `;
    expect(validateContactMessage({ ...VALID, message: short }).message).toBe('messageTooShort');
  });
});
