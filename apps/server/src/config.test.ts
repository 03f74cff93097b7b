import path from 'node:path';
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

describe('map tiles', () => {
  it('takes a URL template with {z}, {x} and {y} and refuses any other', () => {
    const url = 'https://tiles.example.org/{z}/{x}/{y}.png';
    expect(loadConfig({ MAP_TILE_URL: url }).MAP_TILE_URL).toBe(url);
    expect(loadConfig({ MAP_TILE_URL: '' }).MAP_TILE_URL).toBeUndefined();
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}.png' })).toThrow(
      /MAP_TILE_URL/,
    );
    expect(() => loadConfig({ MAP_TILE_URL: 'javascript:alert(1)//{z}{x}{y}' })).toThrow(/MAP_TILE_URL/);
  });

  it('resolves the offline tile directory and bounds the zoom', () => {
    expect(loadConfig({ MAP_TILE_DIR: 'tiles' }).MAP_TILE_DIR).toBe(path.resolve('tiles'));
    expect(loadConfig({}).MAP_TILE_MAX_ZOOM).toBe(18);
    expect(() => loadConfig({ MAP_TILE_MAX_ZOOM: '30' })).toThrow(/MAP_TILE_MAX_ZOOM/);
  });
});

describe('MQTT_TOPIC_PREFIX', () => {
  it('is empty by default and takes topic levels, a trailing slash dropped', () => {
    expect(loadConfig({}).MQTT_TOPIC_PREFIX).toBe('');
    expect(loadConfig({ MQTT_TOPIC_PREFIX: 'acme/plant-1' }).MQTT_TOPIC_PREFIX).toBe('acme/plant-1');
    expect(loadConfig({ MQTT_TOPIC_PREFIX: 'acme/' }).MQTT_TOPIC_PREFIX).toBe('acme');
  });

  it('refuses MQTT wildcards, a leading $ and empty levels, naming the setting', () => {
    expect(() => loadConfig({ MQTT_TOPIC_PREFIX: 'acme/+' })).toThrow(
      /MQTT_TOPIC_PREFIX: a topic prefix must not contain the MQTT wildcards/,
    );
    expect(() => loadConfig({ MQTT_TOPIC_PREFIX: 'acme/#' })).toThrow(/MQTT_TOPIC_PREFIX: .*wildcards/);
    expect(() => loadConfig({ MQTT_TOPIC_PREFIX: '$SYS' })).toThrow(
      /MQTT_TOPIC_PREFIX: .*must not start with '\$'/,
    );
    expect(() => loadConfig({ MQTT_TOPIC_PREFIX: 'a//b' })).toThrow(/MQTT_TOPIC_PREFIX: .*topic levels/);
    expect(() => loadConfig({ MQTT_TOPIC_PREFIX: '/acme' })).toThrow(/MQTT_TOPIC_PREFIX/);
  });
});
