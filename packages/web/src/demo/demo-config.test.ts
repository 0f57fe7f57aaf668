import { describe, expect, it } from 'vitest';
import { changedParams, defaultConfig, effectiveConfig, initParamsOf } from './demo-config';

describe('the phone language of the demo', () => {
  it('is the page language when the person has not picked one', () => {
    expect(defaultConfig.lang).toBe('');
    expect(initParamsOf(defaultConfig, 'en').lang).toBe('en');
    expect(initParamsOf(defaultConfig, 'ar').lang).toBe('ar');
  });

  it('is the one picked in the lang parameter, whatever the page language', () => {
    const picked = { ...defaultConfig, lang: 'ja' };
    expect(initParamsOf(picked, 'en').lang).toBe('ja');
    expect(effectiveConfig(picked, 'ar')).toBe(picked);
  });

  it('is left to the phone when the page language is not one it speaks', () => {
    expect('lang' in initParamsOf(defaultConfig, 'cimode')).toBe(false);
  });

  it('is in the integration code, since the demo runs with it', () => {
    expect(changedParams(defaultConfig, 'en')).toEqual({ lang: 'en' });
    expect(changedParams({ ...defaultConfig, mini: true, lang: 'fr' }, 'en')).toEqual({ mini: true, lang: 'fr' });
  });

  it('keeps the other parameters as they are, empty ones left out', () => {
    const params = initParamsOf({ ...defaultConfig, mini: true }, 'de');
    expect(params.mini).toBe(true);
    expect(Object.values(params)).not.toContain('');
  });
});
