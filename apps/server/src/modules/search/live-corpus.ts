import { type IndexedText, TextIndex } from './text-index.ts';

/** Where a corpus reads its rows: all of them, or those that may have changed lately. */
export interface CorpusSource<T> {
  /** What the rows belong to now (the market source's mode): another scope is another corpus. */
  scope(): string;
  all(): Promise<IndexedText<T>[]>;
  /**
   * Rows stored or changed since the index was filled: `held` is the newest `at` and the highest `tie` it
   * holds (−∞ when empty), to read after with room for late arrivals.
   */
  recent(held: { readonly at: number; readonly tie: number }): Promise<IndexedText<T>[]>;
}

export interface CorpusTiming {
  /** How often a search may start a background read of recent rows (other processes write them too). */
  readonly refreshMs: number;
  /** How often everything is read again: pruned rows leave, edited ones are replaced. */
  readonly reloadMs: number;
  readonly now: () => number;
}

const DEFAULT_TIMING: CorpusTiming = { refreshMs: 2_000, reloadMs: 10 * 60_000, now: Date.now };

/**
 * A text index kept close to the database without the database on the search path: the first search (or a
 * change of scope) waits for the full read; afterwards a search answers from memory at once and, at most every
 * `refreshMs`, starts a read of recent rows in the background, so a row another process stored appears within
 * seconds. A failed read keeps the last good index.
 */
export class LiveCorpus<T> {
  private readonly index = new TextIndex<T>();
  private loadedScope: string | null = null;
  private loading: Promise<void> | null = null;
  private refreshing: Promise<void> | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private reloadedAt = Number.NEGATIVE_INFINITY;
  private newestAt = Number.NEGATIVE_INFINITY;
  private highestTie = Number.NEGATIVE_INFINITY;
  private generation = 0;
  private readonly timing: CorpusTiming;

  constructor(
    private readonly source: CorpusSource<T>,
    timing: Partial<CorpusTiming> = {},
  ) {
    this.timing = { ...DEFAULT_TIMING, ...timing };
  }

  /** Changes whenever an answer may have: the search answer cache's key. */
  get version(): string {
    return `${this.generation}.${this.index.version}`;
  }

  get size(): number {
    return this.index.size;
  }

  async find(q: string, limit: number): Promise<T[]> {
    await this.ready();
    return this.index.find(q, limit);
  }

  /** Waits for the first read of the current scope, and starts a background refresh when one is due. */
  async ready(): Promise<void> {
    const scope = this.source.scope();
    if (scope !== this.loadedScope) {
      this.loading ??= this.reload(scope).finally(() => {
        this.loading = null;
      });
      await this.loading;
      return;
    }
    const now = this.timing.now();
    if (this.refreshing || now - this.checkedAt < this.timing.refreshMs) return;
    this.checkedAt = now;
    const work = now - this.reloadedAt >= this.timing.reloadMs ? this.reload(scope) : this.readRecent(scope);
    this.refreshing = work
      .catch(() => undefined)
      .finally(() => {
        this.refreshing = null;
      });
  }

  /** Settles when a background read in flight is done (tests, benches). */
  async settled(): Promise<void> {
    await this.loading;
    await this.refreshing;
  }

  private async reload(scope: string): Promise<void> {
    const rows = await this.source.all();
    if (this.source.scope() !== scope) return;
    this.index.replaceAll(rows);
    this.generation++;
    this.loadedScope = scope;
    this.newestAt = Number.NEGATIVE_INFINITY;
    this.highestTie = Number.NEGATIVE_INFINITY;
    this.hold(rows);
    this.reloadedAt = this.timing.now();
    this.checkedAt = this.reloadedAt;
  }

  private async readRecent(scope: string): Promise<void> {
    const rows = await this.source.recent({ at: this.newestAt, tie: this.highestTie });
    if (this.source.scope() !== scope || this.loadedScope !== scope) return;
    this.index.upsert(rows);
    this.hold(rows);
  }

  private hold(rows: readonly IndexedText<T>[]): void {
    for (const r of rows) {
      if (r.at > this.newestAt) this.newestAt = r.at;
      if (r.tie > this.highestTie) this.highestTie = r.tie;
    }
  }
}
