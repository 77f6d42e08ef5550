import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { Client, closeHubs, row, setup, table, until } from '../test-support/table-hub-kit.ts';

afterEach(closeHubs);

describe('publishing a tick', () => {
  it('hands a group’s frames to its members’ TCP sockets before the next group’s table is computed', async () => {
    const { market, hub } = setup();
    market.set(table([row('upbit-binance-A', 1)], 1_000));
    // Real loopback TCP sockets under the clients: the hub writes each group's frame straight to them.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const accepted: Socket[] = [];
    server.on('connection', (socket) => {
      // Torn down from either end when the test ends: a reset then is expected.
      socket.on('error', () => {});
      accepted.push(socket);
    });
    const peers = [0, 1].map(() => connect((server.address() as AddressInfo).port, '127.0.0.1'));
    try {
      await until(() => accepted.length === 2);
      const [first, second] = accepted as [Socket, Socket];
      // Two groups: the same table at two page sizes.
      for (const [i, wire] of [first, second].entries()) {
        const client = new Client();
        hub.attach(client.socket as unknown as WebSocket, 'en', async () => 'pro', wire);
        client.socket.receive({
          op: 'subscribe',
          id: 't',
          topic: 'premium',
          params: { limit: 10 + i },
          deltas: true,
        });
      }
      await until(() => first.bytesWritten > 0 && second.bytesWritten > 0);
      const before = first.bytesWritten;
      let firstWhileSecondComputed: { corked: number; wrote: boolean } | null = null;
      market.watch((query) => {
        if (query.limit === 11)
          firstWhileSecondComputed = { corked: first.writableCorked, wrote: first.bytesWritten > before };
      });
      market.set(table([row('upbit-binance-A', 2)], 2_000));
      market.tick();
      // The first group's delta is already out of the cork while the second's table is being computed.
      expect(firstWhileSecondComputed).toEqual({ corked: 0, wrote: true });
    } finally {
      for (const socket of [...peers, ...accepted]) socket.destroy();
      server.close();
    }
  });
});
