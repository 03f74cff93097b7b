import { describe, expect, it } from 'vitest';
import { loadConfig, systemLang } from './config';

describe('DEMO_LANG', () => {
  it('takes the language it names', () => {
    expect(loadConfig({ DEMO_LANG: 'zh-CN', LANG: 'en_US.UTF-8' }).DEMO_LANG).toBe('zh-CN');
    expect(loadConfig({ DEMO_LANG: 'en-US', LANG: 'zh_CN.UTF-8' }).DEMO_LANG).toBe('en-US');
  });

  it('refuses a language the platform does not speak', () => {
    expect(() => loadConfig({ DEMO_LANG: 'fr-FR' })).toThrow(/DEMO_LANG/);
  });

  it("defaults to the system's: Chinese for a Chinese locale, English for any other", () => {
    expect(loadConfig({ LANG: 'zh_CN.UTF-8' }).DEMO_LANG).toBe('zh-CN');
    expect(loadConfig({ LANG: 'zh_TW.UTF-8' }).DEMO_LANG).toBe('zh-CN');
    expect(loadConfig({ LANG: 'de_DE.UTF-8' }).DEMO_LANG).toBe('en-US');
    expect(loadConfig({ LANG: 'C.UTF-8' }).DEMO_LANG).toBe('en-US');
  });

  it('reads LC_ALL before LC_MESSAGES before LANG, and Intl when none is set', () => {
    expect(systemLang({ LC_ALL: 'en_US.UTF-8', LANG: 'zh_CN.UTF-8' }, 'zh-CN')).toBe('en-US');
    expect(systemLang({ LC_MESSAGES: 'zh_CN.UTF-8', LANG: 'en_GB.UTF-8' }, 'en-US')).toBe('zh-CN');
    expect(systemLang({ LC_ALL: '', LANG: 'zh_CN.UTF-8' }, 'en-US')).toBe('zh-CN');
    expect(systemLang({}, 'zh-Hans-CN')).toBe('zh-CN');
    expect(systemLang({}, 'en-US')).toBe('en-US');
  });
});
