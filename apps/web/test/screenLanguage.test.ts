import { describe, expect, it } from 'vitest';
import { languageProblems, tr } from './screenLanguage';

describe('screen language check of the browser tests', () => {
  it('looks texts up in the locale files and fills their values', () => {
    expect(tr('en-US', 'messages:notify.title', { kind: 'Alarm' })).toBe('New message: Alarm');
    expect(tr('zh-CN', 'messages:notify.title', { kind: '报警' })).toBe('新报警消息');
    expect(() => tr('en-US', 'messages:no.such.key')).toThrow('no en-US text');
  });

  it('finds raw keys, unfilled placeholders and text of the other language', () => {
    expect(languageProblems('en-US', ['Sign in', 'monitor.tabs.realtime', 'messages:notify.title'])).toEqual([
      'raw key: monitor.tabs.realtime',
      'raw key: messages:notify.title',
    ]);
    expect(languageProblems('en-US', ['Selected: {{count}}', '实时'])).toEqual([
      'placeholder left: Selected: {{count}}',
      'Chinese on an English screen: 实时',
    ]);
    expect(languageProblems('zh-CN', ['实时', 'New message: Alarm', 'Back to messages'])).toEqual([
      'English on a Chinese screen: New message: Alarm',
      'English on a Chinese screen: Back to messages',
    ]);
  });

  it('leaves data, numbers, versions and the language switch alone', () => {
    expect(
      languageProblems('en-US', ['一号储罐 online', '中文', '1.2.0', '192.168.10.20:502'], ['一号储罐']),
    ).toEqual([]);
    expect(languageProblems('zh-CN', ['Boiler house', 'English', 'level_setpoint', '9.00 m'])).toEqual([]);
  });
});
