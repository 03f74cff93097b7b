import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, Err } from '@fieldhub/shared';

/** Room for the form fields and the multipart framing beside the file. */
const FORM_SLACK_BYTES = 1024 * 1024;
/** What is still read and dropped of a refused upload's body, at most, before a reset. */
const LINGER_MS = 5_000;
const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * 10008 for an upload whose body is not read to its end. The answer goes out at once; what the
 * client still sends is read and dropped for a little while (bounded in time and bytes) before
 * the connection is reset: a socket closed with unread bytes is reset at once, and the client
 * would lose the answer with it. Multipart, left alone, would read a cut-off file to its end.
 */
function tooLarge(req: FastifyRequest): AppError {
  dropUnreadBody(req);
  return new AppError(Err.fileTooLarge);
}

/**
 * For a request refused before its body was read: what the client still sends is read and
 * dropped for a little while (bounded in time and bytes), then the connection is reset, so a
 * refused caller cannot keep the server reading for as long as it likes.
 */
export function dropUnreadBody(req: FastifyRequest): void {
  const raw = req.raw;
  raw.unpipe();
  let dropped = 0;
  const reset = setTimeout(() => raw.socket.destroy(), LINGER_MS);
  reset.unref();
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) raw.socket.destroy();
  });
  raw.once('end', () => clearTimeout(reset));
  raw.once('close', () => clearTimeout(reset));
}

/** Refuses at once (10008) an upload whose declared Content-Length cannot fit `maxFileBytes`. */
export function refuseDeclaredOversize(req: FastifyRequest, maxFileBytes: number): void {
  const declared = Number(req.headers['content-length']);
  if (declared > maxFileBytes + FORM_SLACK_BYTES) throw tooLarge(req);
}

/**
 * The bytes of an uploaded file, read as they arrive; a file that passes the multipart
 * `fileSize` limit is refused (10008) the moment it does, not when the body ends.
 */
export function readFileLimited(file: MultipartFile['file'], req: FastifyRequest): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => {
      chunks.length = 0;
      reject(tooLarge(req));
    });
    file.once('end', () => (file.truncated ? reject(tooLarge(req)) : resolve(Buffer.concat(chunks))));
    file.once('error', reject);
  });
}
