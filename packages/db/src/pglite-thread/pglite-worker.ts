import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { extractClusterTar } from './cluster-tar.ts';
import type { PgliteThreadData, PgliteThreadReply } from './pglite-thread.ts';
import { WireFramer } from './wire-framing.ts';

/**
 * The embedded database's thread: PGlite, served over the PostgreSQL protocol on an owner-only Unix socket to
 * the main thread's node-postgres pool. PGlite computes on the thread that calls it; here a statement of
 * 100 ms no longer holds the server's requests and market ticks for 100 ms.
 */
const data = workerData as PgliteThreadData;
const port = parentPort;
if (port === null) throw new Error('pglite-worker runs on a worker thread');
const reply = (message: PgliteThreadReply) => port.postMessage(message);

let db: PGlite;
try {
  const template = data.template ? await readFile(data.template) : undefined;
  // On disk the dump is unpacked with plain file writes (cluster-tar.ts); in memory, or for an archive that
  // reader does not take, PGlite loads it itself.
  const unpacked =
    template !== undefined &&
    !data.dataDir.startsWith('memory://') &&
    extractClusterTar(template, data.dataDir);
  db = await PGlite.create(
    data.dataDir,
    template !== undefined && !unpacked ? { loadDataDir: new Blob([template]) } : {},
  );
} catch (error) {
  reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  throw error;
}

/** One statement at a time for every connection (PGlite has one session); the pool holds one connection. */
let turn: Promise<unknown> = Promise.resolve();

function serve(socket: Socket): void {
  socket.setNoDelay(true);
  const framer = new WireFramer();
  socket.on('data', (chunk: Buffer) => {
    let messages: ReturnType<WireFramer['push']>;
    try {
      messages = framer.push(chunk);
    } catch {
      socket.destroy();
      return;
    }
    // The messages one read completes go to PGlite in one call (a query's Parse, Bind, Execute and Sync
    // usually arrive together): one crossing into WASM instead of five.
    const batch: Uint8Array[] = [];
    const run = () => {
      if (batch.length === 0) return;
      const bytes = batch.length === 1 ? (batch[0] as Uint8Array) : Buffer.concat(batch);
      batch.length = 0;
      turn = turn.then(() =>
        socket.destroyed
          ? undefined
          : db
              // PGlite hands out views of its own memory, reused by the next read: copy before queueing.
              .execProtocolRawStream(bytes, { onRawData: (out) => socket.write(Buffer.from(out)) })
              .catch(() => socket.destroy()),
      );
    };
    for (const message of messages) {
      if (message.kind === 'message') batch.push(message.bytes);
      else if (message.kind === 'refuse-encryption') socket.write('N');
      else {
        run();
        void turn.then(() => socket.end());
      }
    }
    run();
  });
  socket.on('error', () => socket.destroy());
  // A connection lost inside a transaction must not leave it open for the next one.
  socket.on('close', () => {
    turn = turn.then(() => (db.isInTransaction() ? db.exec('rollback') : undefined)).catch(() => {});
  });
}

const server = createServer(serve);
server.on('error', (error) => reply({ kind: 'failed', message: error.message }));
// A thread that died (and is started again on this socket) left its socket file behind; the directory is this
// process's own (0700), and only one thread serves it at a time.
rmSync(data.socketPath, { force: true });
server.listen(data.socketPath, () => reply({ kind: 'ready' }));

port.on('message', (message: { kind: 'close' }) => {
  if (message.kind !== 'close') return;
  server.close();
  void turn
    .then(() => db.close())
    .then(
      () => reply({ kind: 'closed' }),
      (error: unknown) =>
        reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
});
