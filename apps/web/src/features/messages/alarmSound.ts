import { messagesCalls, type Lang } from '@fieldhub/shared';
import { fetchFileCall } from '../../app/request';

/**
 * Speaks an alarm text once in the browser: the server's synthesis (`messagesCalls.sound`
 * {text} → audio/wav) played by an audio element, or, when that call fails or the audio cannot
 * play, the browser's own speech synthesis. Resolves when the text was spoken; `signal` cuts it off.
 */

/** Marks the audio element so a person (or a test) can find what is playing. */
export const ALARM_AUDIO_ID = 'alarm-audio';

export async function speakAlarm(text: string, lang: Lang, signal: AbortSignal): Promise<void> {
  let wav: Blob | null = null;
  try {
    wav = await fetchSound(text, signal);
  } catch {
    if (signal.aborted) return;
  }
  if (wav) {
    try {
      await playBlob(wav, signal);
      return;
    } catch {
      if (signal.aborted) return;
      // the audio element refused (autoplay policy, codec): speak it instead
    }
  }
  await speakWithBrowser(text, lang, signal);
}

async function fetchSound(text: string, signal: AbortSignal): Promise<Blob> {
  // the answer is read here (a sound to play, or an envelope saying there is none), not saved as a file
  const wav = await fetchFileCall(messagesCalls.sound, { text }, 'audio/', signal);
  // an envelope (JSON) is the server saying it cannot synthesise: fall back
  if (!wav) throw new Error('no sound');
  return wav;
}

function playBlob(wav: Blob, signal: AbortSignal): Promise<void> {
  const src = URL.createObjectURL(wav);
  const audio = document.createElement('audio');
  audio.dataset.testid = ALARM_AUDIO_ID;
  audio.src = src;
  audio.hidden = true;
  document.body.appendChild(audio);
  const cleanUp = () => {
    audio.pause();
    audio.remove();
    URL.revokeObjectURL(src);
  };
  return new Promise<void>((resolve, reject) => {
    const finish = (ok: boolean) => {
      cleanUp();
      if (ok) resolve();
      else reject(new Error('audio failed'));
    };
    audio.addEventListener('ended', () => finish(true), { once: true });
    audio.addEventListener('error', () => finish(false), { once: true });
    signal.addEventListener('abort', () => finish(true), { once: true });
    audio.play().catch(() => finish(false));
  });
}

function speakWithBrowser(text: string, lang: Lang, signal: AbortSignal): Promise<void> {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined') return Promise.resolve();
  return new Promise<void>((resolve) => {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    // a voice that never reports its end must not hold the queue for ever
    const guard = setTimeout(done, 30_000);
    function done() {
      clearTimeout(guard);
      resolve();
    }
    utterance.onend = done;
    utterance.onerror = done;
    signal.addEventListener(
      'abort',
      () => {
        synth.cancel();
        done();
      },
      { once: true },
    );
    synth.speak(utterance);
  });
}
