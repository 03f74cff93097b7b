/**
 * Worker side of materialFiles.ts `sanitiseSvgOffThread`: sanitises one uploaded SVG
 * (svgSanitiser.mjs) off the main thread and answers the result as plain data.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { sanitiseSvg } from './svgSanitiser.mjs';

const { content, limits } = workerData;
parentPort.postMessage(
  sanitiseSvg(Buffer.from(content.buffer, content.byteOffset, content.byteLength), limits),
);
