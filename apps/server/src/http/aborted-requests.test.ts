import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

/**
 * A client that writes a request and resets the connection at once (RST) must not make the server log at
 * warning or error level, nor log a stack: fifty such clients are fifty log lines at most, at debug.
 */
describe('requests from clients that reset the connection', () => {
  let server: TestServer;
  const lines: string[] = [];
  let port = 0;
  beforeAll(async () => {
    server = await startTestServer({ log: { level: 'debug', lines } });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as { port: number }).port;
  });
  afterAll(() => server.close());

  const writeThenReset = (request: string) =>
    new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(request);
        setImmediate(() => {
          socket.resetAndDestroy();
          resolve();
        });
      });
      socket.on('error', () => {});
    });

  /** Waits until the server has seen every connection close (no timing is asserted). */
  const settled = async () => {
    for (;;) {
      const open = await new Promise<number>((resolve, reject) =>
        server.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
      if (open === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('logs them at debug level at most, never a stack', async () => {
    const requests = [
      'GET /api/v1/front/ping HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/v1/front/premium?limit=5 HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /api/v1/auth/session HTTP/1.1\r\nHost: x\r\n\r\n',
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60\r\n\r\n{"email":"a@',
    ];
    for (let i = 0; i < 50; i++) await writeThenReset(requests[i % requests.length] ?? '');
    await settled();
    const loud = lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 40);
    expect(loud).toEqual([]);
    expect(lines.filter((line) => line.includes('"stack"'))).toEqual([]);
    // The server still answers normal requests.
    const ping = await fetch(`http://127.0.0.1:${port}/api/v1/front/ping`);
    expect(ping.status).toBe(200);
  });
});
