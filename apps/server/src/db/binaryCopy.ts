/**
 * PostgreSQL's binary COPY format, written field by field (data in, bytes out): the fastest way
 * to hand rows to `COPY … FROM STDIN (format binary)` — no text parsing on the server, no
 * per-row statement. See docs/requirements/gateway-link.md §10.2.
 */

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
// PostgreSQL's epoch (2000-01-01 UTC) in Unix milliseconds
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 2 ** 32;

/** A growing buffer of one COPY: `row(n)`, then n fields, …, then `finish()`. */
export class BinaryCopyWriter {
  private buf: Buffer;
  private at = 0;

  constructor(expectedBytes = 64 * 1024) {
    this.buf = Buffer.allocUnsafe(Math.max(64, expectedBytes));
    SIGNATURE.copy(this.buf, 0);
    this.buf.writeInt32BE(0, 11); // flags
    this.buf.writeInt32BE(0, 15); // header extension length
    this.at = 19;
  }

  private room(bytes: number): void {
    if (this.at + bytes <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + bytes));
    this.buf.copy(next, 0, 0, this.at);
    this.buf = next;
  }

  /** Starts a row of `fields` fields. */
  row(fields: number): this {
    this.room(2);
    this.buf.writeInt16BE(fields, this.at);
    this.at += 2;
    return this;
  }

  null(): this {
    this.room(4);
    this.buf.writeInt32BE(-1, this.at);
    this.at += 4;
    return this;
  }

  /** A 64-bit integer field from a safe integer. */
  int8(n: number): this {
    this.room(12);
    this.buf.writeInt32BE(8, this.at);
    this.int64(n);
    return this;
  }

  int4(n: number): this {
    this.room(8);
    this.buf.writeInt32BE(4, this.at);
    this.buf.writeInt32BE(n, this.at + 4);
    this.at += 8;
    return this;
  }

  float8(n: number): this {
    this.room(12);
    this.buf.writeInt32BE(8, this.at);
    this.buf.writeDoubleBE(n, this.at + 4);
    this.at += 12;
    return this;
  }

  /** A timestamptz field from Unix milliseconds (microseconds since 2000-01-01 on the wire). */
  timestamptz(ms: number): this {
    this.room(12);
    this.buf.writeInt32BE(8, this.at);
    this.int64((ms - PG_EPOCH_MS) * 1000);
    return this;
  }

  /** A text field, UTF-8 (a lone surrogate becomes U+FFFD, as the pg driver sends parameters). */
  text(s: string): this {
    this.room(4 + 3 * s.length);
    const bytes = this.buf.write(s, this.at + 4, 'utf8');
    this.buf.writeInt32BE(bytes, this.at);
    this.at += 4 + bytes;
    return this;
  }

  /** The bytes written, with the trailer; the writer must not be used after. */
  finish(): Buffer {
    this.room(2);
    this.buf.writeInt16BE(-1, this.at);
    this.at += 2;
    return this.buf.subarray(0, this.at);
  }

  // the 8 value bytes of a safe integer, after the length word at `at`
  private int64(n: number): void {
    const hi = Math.floor(n / TWO_32);
    this.buf.writeInt32BE(hi, this.at + 4);
    this.buf.writeUInt32BE(n - hi * TWO_32, this.at + 8);
    this.at += 12;
  }
}
