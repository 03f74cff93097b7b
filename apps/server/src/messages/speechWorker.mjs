/**
 * Worker side of alarm speech (see alarmSpeech.ts): runs the espeak-ng program of the npm build
 * (eSpeak NG compiled to WebAssembly by Emscripten, voice data embedded) once, on a fresh
 * instance of the module compiled by the parent, and posts back the WAV it wrote. Plain
 * JavaScript so the same file runs under node, tsx and vitest without a loader in the worker.
 *
 * workerData: { engine: path of the Emscripten script, wasm: its compiled WebAssembly.Module,
 * voice, text }. Posts a Uint8Array; any failure ends the worker with an error instead.
 */
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const { engine, wasm, voice, text } = workerData;
const { default: createEspeak } = await import(pathToFileURL(engine).href);

const program = await createEspeak({
  // the text is a file, never an argument that a leading '-' could turn into an option
  arguments: ['-v', voice, '-w', '/speech.wav', '-f', '/speech.txt'],
  preRun: [(module) => module.FS.writeFile('/speech.txt', text)],
  instantiateWasm(imports, receive) {
    WebAssembly.instantiate(wasm, imports).then((instance) => receive(instance, wasm));
    return {};
  },
  print: () => undefined,
  printErr: () => undefined,
});

// throws (so the worker ends with an error) when espeak-ng wrote no file
const wav = program.FS.readFile('/speech.wav');
parentPort.postMessage(wav, [wav.buffer]);
