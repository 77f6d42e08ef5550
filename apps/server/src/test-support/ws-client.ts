import WebSocket from 'ws';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.ts';

export type WsMessage = Record<string, unknown>;

/** A test server listening on a loopback port, and the URL of its WebSocket. */
export async function listenTestServer(
  options: TestServerOptions = {},
): Promise<{ server: TestServer; url: string }> {
  const server = await startTestServer(options);
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return { server, url: `${address.replace('http', 'ws')}/api/v1/ws` };
}

export interface WsTestClient {
  readonly socket: WebSocket;
  readonly opened: Promise<void>;
  /** The next message (already received or still to come) that matches; each message is handed out once. */
  next(match: (m: WsMessage) => boolean, timeoutMs?: number): Promise<WsMessage>;
  send(message: unknown): void;
  close(): void;
}

/** A client that records every message and lets a test wait for the next one matching a predicate. */
export function connectWs(url: string, headers: Record<string, string> = {}): WsTestClient {
  const socket = new WebSocket(url, { headers });
  const messages: WsMessage[] = [];
  const waiters: Array<{ match: (m: WsMessage) => boolean; resolve: (m: WsMessage) => void }> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as WsMessage;
    messages.push(message);
    for (const w of [...waiters]) {
      if (w.match(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
    }
  });
  socket.on('error', () => {});
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    opened,
    next: (match, timeoutMs = 5_000) =>
      new Promise<WsMessage>((resolve, reject) => {
        const seen = messages.find(match);
        if (seen) {
          messages.splice(messages.indexOf(seen), 1);
          return resolve(seen);
        }
        const timer = setTimeout(() => reject(new Error('timed out waiting for a message')), timeoutMs);
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            messages.splice(messages.indexOf(m), 1);
            resolve(m);
          },
        });
      }),
    send: (message) => socket.send(JSON.stringify(message)),
    close: () => {
      if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
    },
  };
}

export const ofType = (type: string) => (m: WsMessage) => m.type === type;
