import { constants, deflateRawSync } from 'node:zlib';
import type { WebSocket } from 'ws';

/** Frames smaller than this go out plain: compressing a pong or an ack saves nothing. */
export const DEFLATE_THRESHOLD = 1_024;

/**
 * permessage-deflate (RFC 7692) as the server offers it: without context takeover on the server's side, so
 * each message is compressed on its own — and the hub can compress a group's frame once and write the same
 * bytes to every member, instead of one compression per socket. Client messages are small; no context kept
 * for them either, so an idle socket holds no window.
 */
export const WS_DEFLATE_OPTIONS = {
  serverNoContextTakeover: true,
  clientNoContextTakeover: true,
  threshold: DEFLATE_THRESHOLD,
  zlibDeflateOptions: { level: 1 },
} as const;

/**
 * Whether the socket negotiated permessage-deflate with server_no_context_takeover (ws keeps the accepted
 * parameters on its extension object; there is no public accessor for them).
 */
export function sharesDeflate(socket: WebSocket): boolean {
  const extensions = (socket as unknown as { _extensions?: Record<string, { params?: unknown }> })
    ._extensions;
  const params = extensions?.['permessage-deflate']?.params as
    | { server_no_context_takeover?: boolean }
    | undefined;
  return params?.server_no_context_takeover === true;
}

/** Compression done so far in this process (benchmarks read it): frames, their plain bytes, and time. */
export const deflateWork = { frames: 0, bytesIn: 0, ms: 0 };

/**
 * The payload as one compressed final text frame (RSV1 set): raw DEFLATE flushed to a byte boundary, the
 * trailing empty block (00 00 ff ff) dropped, as RFC 7692 §7.2.1 says.
 */
export function deflatedFrame(payload: Buffer, level = 1): Buffer {
  const started = performance.now();
  const deflated = deflateRawSync(payload, { level, finishFlush: constants.Z_SYNC_FLUSH });
  deflateWork.frames++;
  deflateWork.bytesIn += payload.length;
  deflateWork.ms += performance.now() - started;
  const body = deflated.subarray(0, deflated.length - 4);
  const length = body.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(headerLength + length);
  wire[0] = 0xc1; // FIN + RSV1 (compressed) + text opcode
  if (length < 126) wire[1] = length;
  else if (length < 65_536) {
    wire[1] = 126;
    wire.writeUInt16BE(length, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(length), 2);
  }
  body.copy(wire, headerLength);
  return wire;
}
