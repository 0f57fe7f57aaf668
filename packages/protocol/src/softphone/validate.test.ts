import { describe, expect, it } from 'vitest';
import { characterCount } from '../storable-text.js';
import { attachedDataLimits, methodByName } from './catalogue.js';
import { describeParamIssues, recordIssues, validateParams } from './validate.js';

const dialOut = methodByName.get('dialOut')?.params ?? [];

describe('characterCount', () => {
  it('counts code points: an emoji is one character, a lone surrogate one too', () => {
    expect(characterCount('')).toBe(0);
    expect(characterCount('abc')).toBe(3);
    expect(characterCount('中文')).toBe(2);
    expect(characterCount('😀😀')).toBe(2);
    expect(characterCount('a\uD800')).toBe(2);
    expect(characterCount('\uDC00a')).toBe(2);
  });
});

describe('recordIssues', () => {
  it('names the key at fault and the bound it passed', () => {
    expect(recordIssues('data', { '': 'x', note: 'x'.repeat(1025), ok: 'fine' })).toEqual([
      { param: 'data', key: '', reason: 'emptyKey' },
      { param: 'data', key: 'note', reason: 'tooLong', max: attachedDataLimits.valueLength },
    ]);
    const longKey = 'k'.repeat(attachedDataLimits.keyLength + 1);
    expect(recordIssues('data', { [longKey]: 'x' })).toEqual([
      { param: 'data', key: longKey, reason: 'tooLong', max: attachedDataLimits.keyLength },
    ]);
  });

  it('refuses more keys than it may hold, once, with the bound', () => {
    const many = Object.fromEntries(Array.from({ length: attachedDataLimits.keys + 1 }, (_, i) => [`k${i}`, '']));
    expect(recordIssues('data', many)).toEqual([{ param: 'data', reason: 'tooMany', max: attachedDataLimits.keys }]);
  });

  it('counts characters, not UTF-16 units: 1,024 emoji fit, 1,025 do not', () => {
    expect(recordIssues('data', { note: '😀'.repeat(1024) })).toEqual([]);
    expect(recordIssues('data', { ['😀'.repeat(64)]: '' })).toEqual([]);
    expect(recordIssues('data', { note: '😀'.repeat(1025) })).toMatchObject([{ key: 'note', reason: 'tooLong' }]);
  });

  it('refuses text nothing can store: U+0000 and lone surrogates, in keys or values', () => {
    expect(recordIssues('data', { a: 'x\u0000', b: '\uD800', ['c\u0000']: 'x', d: 'tab\tand\u0001' })).toEqual([
      { param: 'data', key: 'a', reason: 'badCharacter' },
      { param: 'data', key: 'b', reason: 'badCharacter' },
      { param: 'data', key: 'c\u0000', reason: 'badCharacter' },
    ]);
  });
});

describe('validateParams', () => {
  it('checks strings for characters nothing can store and counts their length in characters', () => {
    expect(validateParams(dialOut, { number: '138\u0000' })).toEqual([{ param: 'number', reason: 'badCharacter' }]);
    expect(validateParams(dialOut, { number: '13800138000', data: { note: 'x\u0000' } })).toEqual([
      { param: 'data', key: 'note', reason: 'badCharacter' },
    ]);
  });
});

describe('describeParamIssues', () => {
  it('says where and why in one line', () => {
    expect(
      describeParamIssues([
        { param: 'data', key: 'note', reason: 'tooLong', max: 1024 },
        { param: 'data', key: 'say "hi"', reason: 'badCharacter' },
        { param: 'lang', reason: 'notAllowed' },
      ]),
    ).toBe('data["note"] (tooLong, max 1024), data["say \\"hi\\""] (badCharacter), lang (notAllowed)');
  });
});
