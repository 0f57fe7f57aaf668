import { describe, expect, it } from 'vitest';
import { dictionaries } from '@open/protocol/messages/index';
import { langCodes } from '@open/protocol/locales';
import { eventErrorMessage } from './event-message.js';

describe('eventErrorMessage', () => {
  it('fills the placeholders with the values the event carries', () => {
    expect(eventErrorMessage('en', 'invalidParams', { detail: 'reason_id' })).toBe(
      'Some parameters are not valid: reason_id',
    );
  });

  it('never shows a raw placeholder when the event carries no values, in any language', () => {
    expect(eventErrorMessage('en', 'invalidParams', undefined)).toBe('Some parameters are not valid');
    for (const lang of langCodes) {
      const text = eventErrorMessage(lang, 'invalidParams', { other: 1 });
      expect(text, lang).not.toContain('{{');
      expect(text.length, lang).toBeGreaterThan(0);
    }
  });

  it('leaves a message without placeholders as it is', () => {
    expect(eventErrorMessage('fr', 'checkInNoExtension', null)).toBe(dictionaries.error.fr['error.checkInNoExtension']);
  });
});
