import { describe, expect, it } from 'vitest';
import { frame } from './frame-writer.ts';

/** Reads a server frame as a WebSocket client would (RFC 6455 §5.2): final text frame, unmasked. */
function parse(wire: Buffer): { fin: boolean; opcode: number; masked: boolean; text: string } {
  let length = (wire[1] as number) & 0x7f;
  let offset = 2;
  if (length === 126) {
    length = wire.readUInt16BE(2);
    offset = 4;
  } else if (length === 127) {
    length = Number(wire.readBigUInt64BE(2));
    offset = 10;
  }
  expect(wire.length).toBe(offset + length);
  return {
    fin: ((wire[0] as number) & 0x80) !== 0,
    opcode: (wire[0] as number) & 0x0f,
    masked: ((wire[1] as number) & 0x80) !== 0,
    text: wire.subarray(offset).toString('utf8'),
  };
}

describe('frame', () => {
  it('frames short, 16-bit and 64-bit lengths so a client reads back the same text', () => {
    for (const size of [0, 5, 125, 126, 65_535, 65_536, 200_000]) {
      const text = `{"k":"${'한'.repeat(Math.floor(size / 3))}${'a'.repeat(size % 3)}"}`;
      const built = frame(text);
      const read = parse(built.wire);
      expect(read).toEqual({ fin: true, opcode: 1, masked: false, text });
      expect(built.payload.toString('utf8')).toBe(text);
    }
  });
});
