import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { DEFLATE_THRESHOLD, deflatedFrame } from './deflate.ts';

/** A message serialized once, in both the forms a socket may take it. */
export interface Frame {
  /** The message as UTF-8. */
  readonly payload: Buffer;
  /** The same message as one unmasked, final text frame (RFC 6455 §5.2), ready for the TCP socket. */
  readonly wire: Buffer;
  /** …and compressed (permessage-deflate, no context takeover), made the first time a member takes it. */
  deflated?: Buffer;
}

export function frame(text: string): Frame {
  const length = Buffer.byteLength(text);
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(headerLength + length);
  wire[0] = 0x81; // FIN + text opcode
  if (length < 126) {
    wire[1] = length;
  } else if (length < 65_536) {
    wire[1] = 126;
    wire.writeUInt16BE(length, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(length), 2);
  }
  // Encoded once, straight into the frame; the payload is a view of it.
  wire.write(text, headerLength);
  return { payload: wire.subarray(headerLength), wire };
}

/** Where frames go: the WebSocket, and the TCP socket under it when the hub was given one. */
export interface FrameTarget {
  readonly socket: WebSocket;
  readonly wire: Socket | undefined;
  /** Corked during the current publishing pass. */
  corked: boolean;
  /** It negotiated permessage-deflate without server context takeover: large frames go compressed. */
  readonly deflate?: boolean;
}

/**
 * Writes frames built once per group straight to each member's TCP socket, and corks every socket written to
 * during a publishing pass (one group's push, or one event's broadcast) so what the pass writes to a client
 * leaves in one write when the pass ends. The hub makes one pass per group, not one per tick: a client's frames
 * of several groups cost a system call each, but none waits for the other groups' tables.
 */
export class FrameWriter {
  /** Sockets corked by the publishing pass under way, or null outside one. */
  private corked: Socket[] | null = null;
  private corkedTargets: FrameTarget[] = [];

  batched(pass: () => void): void {
    const corked: Socket[] = [];
    this.corked = corked;
    try {
      pass();
    } finally {
      this.corked = null;
      for (const wire of corked) wire.uncork();
      for (const target of this.corkedTargets) target.corked = false;
      this.corkedTargets = [];
    }
  }

  write(target: FrameTarget, message: Frame): void {
    const { socket, wire } = target;
    // One write of bytes framed (and compressed) once per group. Safe next to ws's own writes (pings, close:
    // control frames, never compressed): every write is a whole frame and the socket keeps writes in order. A
    // compressed frame needs no state of the socket's: the server keeps no compression context.
    if (wire?.writable) {
      if (this.corked && !target.corked) {
        wire.cork();
        target.corked = true;
        this.corked.push(wire);
        this.corkedTargets.push(target);
      }
      wire.write(target.deflate ? compressed(message) : message.wire);
    } else socket.send(message.payload, { binary: false });
  }
}

/** The frame as its compressed members read it: compressed once, whatever their number. */
function compressed(message: Frame): Buffer {
  if (message.payload.length < DEFLATE_THRESHOLD) return message.wire;
  message.deflated ??= deflatedFrame(message.payload);
  return message.deflated;
}
