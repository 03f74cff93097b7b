import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Err, isAppError, MSG_SOUND_UNAVAILABLE_CODE } from '@fieldhub/shared';
import { AlarmSpeech, pcmWavInfo } from './alarmSpeech';

async function codeOf(promise: Promise<unknown>): Promise<number | null> {
  try {
    await promise;
    return null;
  } catch (err) {
    return isAppError(err) ? err.code : -1;
  }
}

/**
 * A stand-in engine for the failure paths: an Emscripten-style script whose factory runs `body`,
 * and an empty but valid WebAssembly module beside it (real worker threads, not mocks).
 */
function standIn(body: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'speech-'));
  writeFileSync(path.join(dir, 'engine.js'), `export default async function () {\n${body}\n}\n`);
  writeFileSync(path.join(dir, 'engine.wasm'), Uint8Array.of(0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0));
  return path.join(dir, 'engine.js');
}

/**
 * The header of the canonical 44-byte WAV espeak-ng writes, read field by field here rather
 * than by the code under test, and the loudest sample.
 */
function wavHeader(wav: Buffer) {
  const samples = Array.from({ length: (wav.length - 44) / 2 }, (_, i) => wav.readInt16LE(44 + i * 2));
  return {
    riff: wav.toString('ascii', 0, 4),
    riffSize: wav.readUInt32LE(4),
    wave: wav.toString('ascii', 8, 12),
    fmt: wav.toString('ascii', 12, 16),
    audioFormat: wav.readUInt16LE(20),
    channels: wav.readUInt16LE(22),
    sampleRate: wav.readUInt32LE(24),
    bitsPerSample: wav.readUInt16LE(34),
    data: wav.toString('ascii', 36, 40),
    dataSize: wav.readUInt32LE(40),
    seconds: wav.readUInt32LE(40) / 2 / wav.readUInt32LE(24),
    peak: samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0),
  };
}

describe('alarm speech', () => {
  it('speaks Chinese and English into 16-bit mono PCM WAVs as long as the words take to say', async () => {
    const speech = new AlarmSpeech();
    expect(speech.available).toBe(true);
    const zh = await speech.speak('锅炉压力过高', 'zh-CN');
    const en = await speech.speak('Boiler pressure high', 'en-US');
    for (const wav of [zh, en]) {
      expect(wavHeader(wav)).toMatchObject({
        riff: 'RIFF',
        riffSize: wav.length - 8,
        wave: 'WAVE',
        fmt: 'fmt ',
        audioFormat: 1,
        channels: 1,
        sampleRate: 22050,
        bitsPerSample: 16,
        data: 'data',
        dataSize: wav.length - 44,
      });
      expect(wavHeader(wav).peak, 'not silence').toBeGreaterThan(3000);
    }
    // six syllables (guo lu ya li guo gao) and five English syllables: a second or two each
    expect(wavHeader(zh).seconds).toBeGreaterThan(0.8);
    expect(wavHeader(zh).seconds).toBeLessThan(4);
    expect(wavHeader(en).seconds).toBeGreaterThan(0.6);
    expect(wavHeader(en).seconds).toBeLessThan(4);
    expect(zh.equals(en)).toBe(false);
    // a longer alarm text is a longer clip: the words are spoken, not a fixed sound
    const longer = await speech.speak('一号锅炉压力过高，请立即检查', 'zh-CN');
    expect(wavHeader(longer).seconds).toBeGreaterThan(wavHeader(zh).seconds * 1.5);
    expect(pcmWavInfo(longer)?.durationMs).toBeCloseTo(wavHeader(longer).seconds * 1000, 3);
  });

  it('keeps the event loop free while it synthesises (the engine runs in a worker)', async () => {
    const speech = new AlarmSpeech();
    await speech.speak('warm up', 'en-US'); // compiles the engine once
    let last = performance.now();
    let longestGapMs = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    try {
      await speech.speak('一号锅炉压力过高，请立即检查，二号泵流量过低', 'zh-CN');
    } finally {
      clearInterval(ticker);
    }
    longestGapMs = Math.max(longestGapMs, performance.now() - last); // also a block at the very end
    // on this thread the engine would hold the loop for most of the synthesis (100–500 ms);
    // relative, since a loaded machine stretches both
    expect(longestGapMs).toBeLessThan((performance.now() - started) / 2);
  });

  it('answers 90104 without the engine, so the browser speaks itself', async () => {
    const speech = new AlarmSpeech({ engine: '/nonexistent/espeak-ng.js' });
    expect(speech.available).toBe(false);
    expect(await codeOf(speech.speak('Pressure high', 'en-US'))).toBe(MSG_SOUND_UNAVAILABLE_CODE);
  });

  it('answers 90104 when the engine fails', async () => {
    const speech = new AlarmSpeech({ engine: standIn("throw new Error('voice data missing');") });
    expect(await codeOf(speech.speak('Pressure high', 'en-US'))).toBe(MSG_SOUND_UNAVAILABLE_CODE);
  });

  it('stops a synthesis that runs too long and answers 90104', async () => {
    const speech = new AlarmSpeech({ engine: standIn('for (;;);'), timeoutMs: 200 });
    const started = Date.now();
    expect(await codeOf(speech.speak('Pressure high', 'en-US'))).toBe(MSG_SOUND_UNAVAILABLE_CODE);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses output that is not a WAV', async () => {
    const notAudio = "return { FS: { readFile: () => new TextEncoder().encode('not audio') } };";
    const speech = new AlarmSpeech({ engine: standIn(notAudio) });
    expect(await codeOf(speech.speak('Pressure high', 'en-US'))).toBe(MSG_SOUND_UNAVAILABLE_CODE);
    expect(pcmWavInfo(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  });

  it('refuses a synthesis beyond its concurrency with 90010 rather than queueing it', async () => {
    const speech = new AlarmSpeech({ concurrency: 1 });
    const first = speech.speak('Pressure high', 'en-US');
    expect(await codeOf(speech.speak('Level low', 'en-US'))).toBe(Err.tooManyRequests);
    expect(pcmWavInfo(await first)).not.toBeNull();
  });

  it('hands the text over as a file, so a leading dash is spoken, not taken as an option', async () => {
    const speech = new AlarmSpeech();
    const wav = await speech.speak('--version', 'en-US');
    expect(wavHeader(wav).seconds).toBeGreaterThan(0.3);
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
