/**
 * Splits a PostgreSQL client's byte stream (protocol 3) into whole messages, the unit PGlite's
 * `execProtocolRawStream` takes. The first message has no type byte (length, then a code: the startup packet
 * or a request to negotiate encryption); every later one is a type byte and a length that counts itself.
 */

/** Codes of the untyped requests a client may send before its startup packet. */
const SSL_REQUEST = 80_877_103;
const GSS_ENCRYPTION_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;
/** The frontend's Terminate message. */
const TERMINATE = 0x58;
/** Far above any statement this product sends; a longer length means a broken stream, not a message. */
const MAX_MESSAGE_BYTES = 1 << 30;

export type WireMessage =
  /** Startup packet or a typed message: hand it to PGlite. */
  | { readonly kind: 'message'; readonly bytes: Uint8Array }
  /** An encryption request: answer 'N' (this socket is local and owner-only). */
  | { readonly kind: 'refuse-encryption' }
  /** A cancel request (no backend process to signal) or Terminate: the connection ends. */
  | { readonly kind: 'end' };

export class WireFramer {
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;

  /** The whole messages `chunk` completes, in order; a partial one waits for the next chunk. */
  push(chunk: Buffer): WireMessage[] {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const out: WireMessage[] = [];
    for (;;) {
      const next = this.started ? this.typed() : this.untyped();
      if (next === null) return out;
      out.push(next);
      if (next.kind === 'end') return out;
    }
  }

  private untyped(): WireMessage | null {
    if (this.buffer.length < 8) return null;
    const length = this.buffer.readInt32BE(0);
    checkLength(length, 8);
    if (this.buffer.length < length) return null;
    const code = this.buffer.readInt32BE(4);
    const bytes = this.take(length);
    if (code === SSL_REQUEST || code === GSS_ENCRYPTION_REQUEST) return { kind: 'refuse-encryption' };
    if (code === CANCEL_REQUEST) return { kind: 'end' };
    this.started = true;
    return { kind: 'message', bytes };
  }

  private typed(): WireMessage | null {
    if (this.buffer.length < 5) return null;
    const length = this.buffer.readInt32BE(1);
    checkLength(length, 4);
    if (this.buffer.length < length + 1) return null;
    const bytes = this.take(length + 1);
    return bytes[0] === TERMINATE ? { kind: 'end' } : { kind: 'message', bytes };
  }

  private take(length: number): Buffer {
    const bytes = this.buffer.subarray(0, length);
    this.buffer = this.buffer.subarray(length);
    return bytes;
  }
}

function checkLength(length: number, least: number): void {
  if (length < least || length > MAX_MESSAGE_BYTES) {
    throw new Error(`malformed PostgreSQL message length ${length}`);
  }
}
