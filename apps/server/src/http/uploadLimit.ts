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
  // an injected request (tests, internal calls) has no real socket to reset
  const resetSocket = () => {
    const socket = raw.socket as { destroy?: unknown } | null | undefined;
    if (typeof socket?.destroy === 'function') raw.socket.destroy();
  };
  const reset = setTimeout(resetSocket, LINGER_MS);
  reset.unref();
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) resetSocket();
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

/** A multipart upload of one file with the short text fields sent beside it. */
export interface FileUpload {
  fields: Record<string, string>;
  filename: string;
  content: Buffer;
}

/**
 * Reads a multipart body of one file (at most `maxBytes`: 10008 as soon as the declared length or
 * the bytes read say so) and at most `fields` short text fields; no multipart or no file is 10011,
 * an empty file 10006, a second file or too many fields 10001.
 */
export async function readOneFile(
  req: FastifyRequest,
  limits: { maxBytes: number; fields?: number; fieldSize?: number },
): Promise<FileUpload> {
  if (!req.isMultipart()) throw new AppError(Err.fileMissing);
  refuseDeclaredOversize(req, limits.maxBytes);
  const fields: Record<string, string> = {};
  let file: { filename: string; content: Buffer } | null = null;
  try {
    const parts = req.parts({
      limits: {
        fileSize: limits.maxBytes,
        files: 1,
        fields: limits.fields ?? 10,
        fieldSize: limits.fieldSize ?? 64 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file')
        file = { filename: part.filename, content: await readFileLimited(part.file, req) };
      else fields[part.fieldname] = String(part.value);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(Err.fileTooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError(Err.parameterCheckFailed, { params: { detail: 'one file per upload' } });
    throw err;
  }
  if (!file) throw new AppError(Err.fileMissing);
  if (file.content.length === 0) throw new AppError(Err.fileEmpty);
  return { fields, ...file };
}
