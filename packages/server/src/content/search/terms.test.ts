import { describe, expect, it } from 'vitest';
import { indexTerms, pairs, parseQuery, snippet, writtenWords } from './terms.js';

describe('indexTerms', () => {
  it('segments Chinese and adds character pairs, so a word inside a longer one is indexed', () => {
    const terms = indexTerms('Web软电话集成', 'zh-CN').split(' ');
    expect(terms).toEqual(expect.arrayContaining(['web', '软电', '电话', '话集']));
  });

  it('keeps Latin words whole for the stemmer', () => {
    expect(indexTerms('Transferring Calls', 'en')).toBe('transferring calls');
  });

  it('handles Japanese and Thai runs', () => {
    expect(indexTerms('ソフトフォンを埋め込む', 'ja').split(' ')).toEqual(expect.arrayContaining(['ソフ', 'フォ']));
    expect(indexTerms('การโทรออก', 'th').split(' ')).toEqual(expect.arrayContaining(['การ', 'โทร']));
  });
});

describe('writtenWords', () => {
  it('keeps the longer spaced words as written, once each, and leaves unspaced runs to their pairs', () => {
    const terms = indexTerms('Escalation policy: escalation of the Web软电话 calls', 'en');
    expect(writtenWords(terms)).toBe('escalation policy calls');
  });
});

describe('parseQuery', () => {
  it('matches an unspaced run by its pairs and Latin words by prefix', () => {
    expect(parseQuery('软电话 transfer', 'zh-CN').tsquery).toBe("'transfer':* & '软电' & '电话'");
  });

  it('quotes what the tsquery syntax would read as operators', () => {
    expect(parseQuery("o'neil", 'en').tsquery).toBe("'o''neil':*");
    expect(parseQuery('a & b | !c', 'en').tsquery).toBe("'a':* & 'b':* & 'c':*");
  });

  it('answers an empty query for punctuation only', () => {
    expect(parseQuery('!!! ??', 'en')).toEqual({ tsquery: '', exact: '', written: '', phrase: '', needles: [] });
  });

  it('says how to match the words whole, and as a phrase when there are two or more', () => {
    expect(parseQuery('Webhook signature', 'en')).toMatchObject({
      tsquery: "'webhook':* & 'signature':*",
      exact: "'webhook' & 'signature'",
      phrase: String.raw`\m(?:webhook)\w*\W+(?:signature)`,
    });
    // One word: no phrase. Chinese only: every match is already whole (pairs), no phrase.
    expect(parseQuery('serve', 'en')).toMatchObject({ exact: "'serve'", phrase: '' });
    expect(parseQuery('软电话 配置', 'zh-CN')).toMatchObject({ exact: '', phrase: '' });
    // Mixed: the pairs stay in the whole-word query; no phrase across scripts.
    expect(parseQuery('Kamailio 负载', 'zh-CN')).toMatchObject({ exact: "'kamailio' & '负载'", phrase: '' });
  });

  it('matches a corrected word instead of the typed one, or as well', () => {
    const corrections = new Map([
      ['configuratoin', { word: 'configuration', keepTyped: false }],
      ['recieve', { word: 'receive', keepTyped: true }],
    ]);
    expect(parseQuery('configuratoin recieve', 'en', corrections)).toEqual({
      tsquery: "'configuration':* & ('recieve':* | 'receive':*)",
      exact: "'configuration' & ('recieve' | 'receive')",
      written: "'configuration' & ('recieve' | 'receive')",
      phrase: String.raw`\m(?:configuration)\w*\W+(?:recieve|receive)`,
      needles: ['configura', 'reci', 'rece'],
    });
  });

  it('takes a single unspaced character as itself', () => {
    expect(pairs('软')).toEqual(['软']);
    expect(parseQuery('软', 'zh-CN').tsquery).toBe("'软'");
  });
});

describe('snippet', () => {
  it('marks every match around the first, escaping the rest', () => {
    const out = snippet('Intro <b>. How to embed the Web软电话 in a CRM; the 软电话 rings.', ['软电话']);
    expect(out).toContain('<mark>软电话</mark> in a CRM; the <mark>软电话</mark>');
    expect(out).toContain('&lt;b&gt;');
    expect(out).not.toContain('<b>');
  });

  it('marks Latin words by their stem-like prefix, ignoring case', () => {
    const { needles } = parseQuery('transferring', 'en');
    expect(snippet('Transfer a call: transferring keeps the caller.', needles)).toBe(
      '<mark>Transfer</mark> a call: <mark>transferring</mark> keeps the caller.',
    );
  });
});
