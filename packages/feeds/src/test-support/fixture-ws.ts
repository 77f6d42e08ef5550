import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * Test support: a loopback WebSocket server that plays a venue's recorded frames. A script answers each
 * message a client sends (subscriptions, pings) with frames in that venue's wire format; tests can also
 * push frames at any time, or drop every socket to see the supervisor reconnect. Nothing leaves loopback.
 */

/** Text (a string, or JSON of an object or list), or bytes sent as a binary frame (protobuf, gzip). */
export type Frame = string | Record<string, unknown> | readonly unknown[] | Uint8Array;

export interface WsScriptContext {
  /** The request path the client connected to (`/ws/…`, `/public` …). */
  readonly path: string;
  reply(frame: Frame): void;
  /** Keeps sending frames on this socket (a live venue never stops) until it closes or the server is silenced. */
  every(ms: number, frame: () => Frame | null): void;
}

export type WsScript = (message: string, ctx: WsScriptContext) => void;

export interface FixtureWsServer {
  /** `ws://127.0.0.1:<port>`: use as a venue's WebSocket base-URL override. */
  readonly url: string;
  /** Every message clients sent, with the path of their socket. */
  readonly received: { readonly path: string; readonly message: string }[];
  /** Connections accepted so far. */
  connections(): number;
  /** Sockets open now. */
  open(): number;
  /** Sends a frame to every open socket (optionally only those on paths containing `pathPart`). */
  push(frame: Frame, pathPart?: string): void;
  /** Kills every socket without a closing handshake, as a network failure would. */
  drop(): void;
  /** Stops answering: subscriptions go unacknowledged and nothing is sent (a half-open socket). */
  silence(on: boolean): void;
  /** While on, every new connection is cut as soon as it opens (the venue unreachable). */
  refuse(on: boolean): void;
  close(): Promise<void>;
}

export interface ServeOptions {
  /**
   * How a text frame goes on the wire; venues that compress every frame (HTX gzips its JSON) say so here.
   * Byte frames are sent as they are.
   */
  readonly encodeText?: (text: string) => string | Uint8Array;
}

export async function serveWs(script: WsScript, options: ServeOptions = {}): Promise<FixtureWsServer> {
  const encode = (frame: Frame): string | Uint8Array => {
    if (frame instanceof Uint8Array) return frame;
    const text = typeof frame === 'string' ? frame : JSON.stringify(frame);
    return options.encodeText ? options.encodeText(text) : text;
  };
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const received: { path: string; message: string }[] = [];
  const sockets = new Map<WebSocket, string>();
  let connections = 0;
  let silent = false;
  let refusing = false;
  server.on('connection', (socket, request) => {
    connections++;
    if (refusing) {
      socket.terminate();
      return;
    }
    const path = request.url ?? '/';
    sockets.set(socket, path);
    const timers: ReturnType<typeof setInterval>[] = [];
    socket.on('close', () => {
      sockets.delete(socket);
      for (const timer of timers) clearInterval(timer);
    });
    socket.on('error', () => {});
    socket.on('message', (data) => {
      const message = data.toString();
      received.push({ path, message });
      if (silent) return;
      const reply = (frame: Frame) => {
        if (socket.readyState === socket.OPEN) socket.send(encode(frame));
      };
      script(message, {
        path,
        reply,
        every: (ms, next) => {
          timers.push(
            setInterval(() => {
              if (silent) return;
              const frame = next();
              if (frame !== null) reply(frame);
            }, ms),
          );
        },
      });
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    open: () => sockets.size,
    push(frame, pathPart) {
      for (const [socket, path] of sockets) {
        if (pathPart !== undefined && !path.includes(pathPart)) continue;
        if (socket.readyState === socket.OPEN) socket.send(encode(frame));
      }
    },
    drop() {
      for (const socket of sockets.keys()) socket.terminate();
    },
    silence(on) {
      silent = on;
    },
    refuse(on) {
      refusing = on;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets.keys()) socket.terminate();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` until it holds (or gives up with a message naming what was awaited). */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
