import { createWriteStream, type WriteStream } from 'node:fs';
import { type MarketEvent, type MetaEvent, serializeTapeEvent } from '@spreadscope/core';

/**
 * Writes a market tape (shared/formats/market-tape.md): a `meta` line, then one event per line.
 * Lines are gathered into ~64 KiB chunks before they reach the file stream; when the stream's buffer is
 * full, `write` returns false and `drained()` resolves once it has room again, so a fast producer (the
 * simulator recording hours of data) never piles up memory.
 */

const CHUNK_BYTES = 64 * 1024;

export interface TapeMeta {
  /** Free text: where the events come from. */
  readonly source: string;
  /** Epoch ms the recording covers from; also the meta line's `t`. Defaults to now. */
  readonly start?: number;
}

export interface TapeStats {
  /** Market events written (the meta line not counted). */
  readonly events: number;
  readonly bytes: number;
  readonly firstT: number | null;
  readonly lastT: number | null;
}

export class TapeWriter {
  private pending: string[] = [];
  private pendingBytes = 0;
  private events = 0;
  private bytes = 0;
  private firstT: number | null = null;
  private lastT: number | null = null;
  private failure: Error | null = null;
  private closed = false;

  private constructor(
    readonly path: string,
    private readonly stream: WriteStream,
  ) {
    stream.on('error', (error) => {
      this.failure = error;
    });
  }

  /** Creates (or truncates) the file and writes the meta line. */
  static async open(path: string, meta: TapeMeta): Promise<TapeWriter> {
    const stream = createWriteStream(path, { encoding: 'utf8' });
    try {
      await settle(stream, 'open');
    } catch (error) {
      throw new Error(`cannot write tape ${path}: ${(error as Error).message}`);
    }
    const writer = new TapeWriter(path, stream);
    const start = meta.start ?? Date.now();
    const line: MetaEvent = { t: start, type: 'meta', version: 1, source: meta.source, start };
    writer.append(serializeTapeEvent(line));
    return writer;
  }

  /**
   * Queues one event. Returns false when the file is behind: the caller should `await drained()` before
   * writing much more (writing on is safe, only memory grows).
   */
  write(event: MarketEvent): boolean {
    if (this.closed) throw new Error(`tape ${this.path} is closed`);
    if (this.failure) throw this.failure;
    this.events++;
    if (this.firstT === null) this.firstT = event.t;
    this.lastT = event.t;
    return this.append(serializeTapeEvent(event));
  }

  /** Writes a whole sequence, pausing whenever the file falls behind. */
  async writeAll(events: Iterable<MarketEvent>): Promise<void> {
    for (const event of events) {
      if (!this.write(event)) await this.drained();
    }
  }

  /** Resolves when the stream can take more data. */
  async drained(): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.writableNeedDrain) return;
    await settle(this.stream, 'drain');
  }

  stats(): TapeStats {
    return { events: this.events, bytes: this.bytes, firstT: this.firstT, lastT: this.lastT };
  }

  /** Flushes everything, closes the file and returns what was written. */
  async close(): Promise<TapeStats> {
    if (this.closed) return this.stats();
    this.closed = true;
    this.flush();
    this.stream.end();
    await settle(this.stream, 'finish');
    if (this.failure) throw this.failure;
    return this.stats();
  }

  private append(line: string): boolean {
    const text = `${line}\n`;
    const size = Buffer.byteLength(text);
    this.pending.push(text);
    this.pendingBytes += size;
    this.bytes += size;
    if (this.pendingBytes < CHUNK_BYTES) return !this.stream.writableNeedDrain;
    return this.flush();
  }

  private flush(): boolean {
    if (this.pending.length === 0) return !this.stream.writableNeedDrain;
    const chunk = this.pending.join('');
    this.pending = [];
    this.pendingBytes = 0;
    return this.stream.write(chunk);
  }
}

/** Resolves on `event`, rejects on 'error', and leaves no listener behind either way. */
function settle(stream: WriteStream, event: 'open' | 'drain' | 'finish'): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      stream.off(event, done);
      stream.off('error', fail);
      resolve();
    };
    const fail = (error: Error) => {
      stream.off(event, done);
      stream.off('error', fail);
      reject(error);
    };
    stream.on(event, done);
    stream.on('error', fail);
  });
}
