import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAppError, MSG_SOUND_UNAVAILABLE_CODE } from '@fieldhub/shared';
import { AlarmSpeech } from './alarmSpeech';

async function codeOf(promise: Promise<unknown>): Promise<number | null> {
  try {
    await promise;
    return null;
  } catch (err) {
    return isAppError(err) ? err.code : -1;
  }
}

/** A stand-in binary for the failure paths (a real process, not a mock of espeak-ng's output). */
function script(body: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'speech-'));
  const file = path.join(dir, 'speak.sh');
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('alarm speech', () => {
  it('answers 90104 without espeak-ng, so the browser speaks itself', async () => {
    const speech = new AlarmSpeech({ binary: '/nonexistent/espeak-ng' });
    expect(speech.available).toBe(false);
    expect(await codeOf(speech.speak('Pressure high', 'en-US'))).toBe(MSG_SOUND_UNAVAILABLE_CODE);
  });

  it('kills a synthesis that runs too long and answers 90104', async () => {
    const speech = new AlarmSpeech({ binary: script('sleep 10'), timeoutMs: 200 });
    const started = Date.now();
    expect(await codeOf(speech.speak('Pressure high', 'en-US'))).toBe(MSG_SOUND_UNAVAILABLE_CODE);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses output that is not a WAV', async () => {
    const speech = new AlarmSpeech({ binary: script('echo not audio') });
    expect(await codeOf(speech.speak('Pressure high', 'en-US'))).toBe(MSG_SOUND_UNAVAILABLE_CODE);
  });

  it('hands the text over on stdin, so a leading dash is spoken, not taken as an option', async () => {
    const speech = new AlarmSpeech();
    const wav = await speech.speak('--version', 'en-US');
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
  });

  it('keeps the cache within its bound, evicting the least recently used clip', async () => {
    const speech = new AlarmSpeech({ cacheEntries: 2 });
    const one = await speech.speak('one', 'en-US');
    const two = await speech.speak('two', 'en-US');
    expect(await speech.speak('one', 'en-US')).toBe(one); // from the cache, now most recent
    await speech.speak('three', 'en-US'); // evicts "two"
    expect(await speech.speak('one', 'en-US')).toBe(one);
    const twoAgain = await speech.speak('two', 'en-US');
    expect(twoAgain).not.toBe(two); // synthesised again
    expect(twoAgain.equals(two)).toBe(true);
  });
});
