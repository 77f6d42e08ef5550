/** One searchable row: its text (matched as a substring, case-insensitively) and tags (matched whole). */
export interface IndexedText<T> {
  /** Identity: a row upserted again under the same key replaces the earlier one. */
  readonly key: string;
  readonly text: string;
  /** Upper-case tags (token tickers) a query equal to one finds, whatever the text says. */
  readonly tags: readonly string[];
  /** Newest first: by `at`, then by `tie` (the database's order: time, then id). */
  readonly at: number;
  readonly tie: number;
  readonly value: T;
}

interface Slot<T> {
  readonly row: IndexedText<T>;
  readonly lower: string;
}

const GRAM = 3;

/**
 * An in-memory substring index over a few tens of thousands of texts (Telegram posts, announcement titles):
 * the same answer as `text ILIKE '%q%' OR upper(q) = any(tags)` ordered newest first, without a database
 * round trip or a count. A query of three characters or more reads only the rows holding its rarest
 * trigram (code units, so Hangul and emoji work as well), then checks the substring; shorter ones scan.
 * Rows are appended; a replaced or removed row's slot goes dead and is dropped at the next compaction.
 */
export class TextIndex<T> {
  private slots: (Slot<T> | null)[] = [];
  private readonly byKey = new Map<string, number>();
  private grams = new Map<string, number[]>();
  private tagged = new Map<string, number[]>();
  private dead = 0;
  /** Bumped on every change: the search answer cache's key. */
  version = 0;

  get size(): number {
    return this.byKey.size;
  }

  /** Replaces everything (a full reload). */
  replaceAll(rows: readonly IndexedText<T>[]): void {
    this.slots = [];
    this.byKey.clear();
    this.grams = new Map();
    this.tagged = new Map();
    this.dead = 0;
    for (const row of rows) this.put(row);
    this.version++;
  }

  /** Adds rows, replacing those with the same key; answers whether anything changed. */
  upsert(rows: readonly IndexedText<T>[]): boolean {
    let changed = false;
    for (const row of rows) {
      const at = this.byKey.get(row.key);
      const old = at === undefined ? null : this.slots[at];
      if (old && sameRow(old.row, row)) continue;
      if (at !== undefined) this.kill(at);
      this.put(row);
      changed = true;
    }
    if (changed) {
      this.version++;
      this.compactIfSparse();
    }
    return changed;
  }

  /** Drops rows no longer stored (a prune); answers whether anything changed. */
  retain(keep: (row: IndexedText<T>) => boolean): boolean {
    let changed = false;
    for (const [key, at] of this.byKey) {
      const slot = this.slots[at];
      if (slot && !keep(slot.row)) {
        this.kill(at);
        this.byKey.delete(key);
        changed = true;
      }
    }
    if (changed) {
      this.version++;
      this.compactIfSparse();
    }
    return changed;
  }

  /** The newest `limit` rows whose text holds `q` (any case) or that carry `q` as a tag. */
  find(q: string, limit: number): T[] {
    const needle = q.trim().toLowerCase();
    if (needle === '' || limit <= 0) return [];
    const found = new Set<number>();
    if (needle.length >= GRAM) {
      let rarest: number[] | undefined;
      for (let i = 0; i + GRAM <= needle.length; i++) {
        const list = this.grams.get(needle.slice(i, i + GRAM));
        if (!list) {
          rarest = [];
          break;
        }
        if (!rarest || list.length < rarest.length) rarest = list;
      }
      for (const at of rarest ?? []) if (this.slots[at]?.lower.includes(needle)) found.add(at);
    } else {
      for (let at = 0; at < this.slots.length; at++)
        if (this.slots[at]?.lower.includes(needle)) found.add(at);
    }
    for (const at of this.tagged.get(q.trim().toUpperCase()) ?? []) if (this.slots[at]) found.add(at);
    return newest(found, this.slots, limit);
  }

  private put(row: IndexedText<T>): void {
    const at = this.slots.length;
    const lower = row.text.toLowerCase();
    this.slots.push({ row, lower });
    this.byKey.set(row.key, at);
    const seen = new Set<string>();
    for (let i = 0; i + GRAM <= lower.length; i++) {
      const gram = lower.slice(i, i + GRAM);
      if (seen.has(gram)) continue;
      seen.add(gram);
      const list = this.grams.get(gram);
      if (list) list.push(at);
      else this.grams.set(gram, [at]);
    }
    for (const tag of new Set(row.tags.map((t) => t.toUpperCase()))) {
      const list = this.tagged.get(tag);
      if (list) list.push(at);
      else this.tagged.set(tag, [at]);
    }
  }

  /** Posting lists still name the slot; a dead slot is skipped when read. */
  private kill(at: number): void {
    this.slots[at] = null;
    this.dead++;
  }

  private compactIfSparse(): void {
    if (this.dead < 1_000 || this.dead < this.byKey.size) return;
    const live = this.slots.flatMap((s) => (s ? [s.row] : []));
    const version = this.version;
    this.replaceAll(live);
    this.version = version;
  }
}

function sameRow<T>(a: IndexedText<T>, b: IndexedText<T>): boolean {
  return (
    a.text === b.text &&
    a.at === b.at &&
    a.tie === b.tie &&
    a.tags.length === b.tags.length &&
    a.tags.every((t, i) => t === b.tags[i])
  );
}

const newer = <T>(a: Slot<T>, b: Slot<T>) =>
  a.row.at > b.row.at || (a.row.at === b.row.at && a.row.tie > b.row.tie);

/** The `limit` newest of the found slots, kept in a small sorted window rather than sorting them all. */
function newest<T>(found: Set<number>, slots: readonly (Slot<T> | null)[], limit: number): T[] {
  const top: Slot<T>[] = [];
  for (const at of found) {
    const slot = slots[at];
    if (!slot) continue;
    const last = top[top.length - 1];
    if (top.length >= limit && last && !newer(slot, last)) continue;
    let i = top.length;
    while (i > 0 && newer(slot, top[i - 1] as Slot<T>)) i--;
    top.splice(i, 0, slot);
    if (top.length > limit) top.pop();
  }
  return top.map((s) => s.row.value);
}
