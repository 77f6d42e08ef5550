import { describe, expect, it } from 'vitest';
import { WireFramer } from './wire-framing.ts';

/** An untyped message: length (counting itself), a 32-bit code, then `body`. */
function untyped(code: number, body = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length, 0);
  head.writeInt32BE(code, 4);
  return Buffer.concat([head, body]);
}

/** A typed message: its type byte, a length counting itself, then `body`. */
function typed(type: string, body: string): Buffer {
  const bytes = Buffer.from(body);
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(4 + bytes.length, 1);
  return Buffer.concat([head, bytes]);
}

const STARTUP = untyped(196_608, Buffer.from('user\0postgres\0\0'));
const QUERY = typed('Q', 'select 1\0');

describe('WireFramer', () => {
  it('answers an encryption request before the startup packet, then passes the startup whole', () => {
    const framer = new WireFramer();
    expect(framer.push(untyped(80_877_103))).toEqual([{ kind: 'refuse-encryption' }]);
    expect(framer.push(STARTUP)).toEqual([{ kind: 'message', bytes: STARTUP }]);
  });

  it('joins a message split across reads and splits reads holding several', () => {
    const framer = new WireFramer();
    framer.push(STARTUP);
    const stream = Buffer.concat([QUERY, QUERY, QUERY]);
    const cuts = [3, 9, 20, stream.length];
    const seen: Buffer[] = [];
    let from = 0;
    for (const cut of cuts) {
      for (const message of framer.push(stream.subarray(from, cut))) {
        if (message.kind !== 'message') throw new Error(`unexpected ${message.kind}`);
        seen.push(Buffer.from(message.bytes));
      }
      from = cut;
    }
    expect(seen).toEqual([QUERY, QUERY, QUERY]);
  });

  it('ends the connection on Terminate and on a cancel request', () => {
    const framer = new WireFramer();
    framer.push(STARTUP);
    expect(framer.push(Buffer.concat([QUERY, typed('X', '')]))).toEqual([
      { kind: 'message', bytes: QUERY },
      { kind: 'end' },
    ]);
    expect(new WireFramer().push(untyped(80_877_102, Buffer.alloc(8)))).toEqual([{ kind: 'end' }]);
  });

  it('refuses a length no message can have', () => {
    const framer = new WireFramer();
    framer.push(STARTUP);
    const broken = Buffer.from([0x51, 0, 0, 0, 2]);
    expect(() => framer.push(broken)).toThrow(/malformed/);
  });
});
