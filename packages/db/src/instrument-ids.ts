import type { MarketType } from '@spreadscope/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Drizzle } from './database.ts';
import { instruments } from './schema.ts';
import { arrayParam, chunks, ROWS_PER_STATEMENT } from './sql-arrays.ts';

export interface InstrumentKey {
  readonly venue: string;
  readonly market: MarketType;
  readonly base: string;
  readonly quote: string;
}

/** Map key of an instrument; the separator cannot occur in venue or symbol names. */
export function instrumentKey(k: InstrumentKey): string {
  return `${k.venue}\u0000${k.market}\u0000${k.base}\u0000${k.quote}`;
}

/**
 * Instrument ids by (venue, market, base, quote), cached for the life of the process: the set of
 * instruments is small (thousands) and rows are never deleted, so a cached id never goes stale.
 */
export class InstrumentIds {
  readonly #db: Drizzle;
  readonly #ids = new Map<string, number>();

  constructor(db: Drizzle) {
    this.#db = db;
  }

  /** Cached id, or undefined when this process has not seen the instrument yet. */
  cached(key: string): number | undefined {
    return this.#ids.get(key);
  }

  /** Makes sure every given instrument has a row and a cached id, inserting the missing ones in bulk. */
  async ensure(items: readonly InstrumentKey[]): Promise<void> {
    const missing = new Map<string, InstrumentKey>();
    for (const item of items) {
      const key = instrumentKey(item);
      if (!this.#ids.has(key)) missing.set(key, item);
    }
    if (missing.size === 0) return;
    for (const batch of chunks([...missing.values()], ROWS_PER_STATEMENT)) {
      const columns = unnestColumns(batch);
      // Two statements on purpose: DO NOTHING returns no row for instruments that already exist, and a
      // fresh statement also sees rows a concurrent writer committed while our insert waited on it.
      await this.#db.execute(
        sql`insert into ${instruments} (venue, market, base, quote) select * from ${columns}
            on conflict (venue, market, base, quote) do nothing`,
      );
      await this.#load(sql`(venue, market, base, quote) in (select * from ${columns})`);
    }
  }

  /** Looks one instrument up without creating it; undefined when it has no row. */
  async find(item: InstrumentKey): Promise<number | undefined> {
    const key = instrumentKey(item);
    const known = this.#ids.get(key);
    if (known !== undefined) return known;
    await this.#load(sql`(venue, market, base, quote) in (select * from ${unnestColumns([item])})`);
    return this.#ids.get(key);
  }

  async #load(where: SQL): Promise<void> {
    const rows = await this.#db
      .select({
        id: instruments.id,
        venue: instruments.venue,
        market: instruments.market,
        base: instruments.base,
        quote: instruments.quote,
      })
      .from(instruments)
      .where(where);
    for (const row of rows) this.#ids.set(instrumentKey(row), row.id);
  }
}

function unnestColumns(items: readonly InstrumentKey[]): SQL {
  const venues = arrayParam(
    items.map((i) => i.venue),
    'text',
  );
  const markets = arrayParam(
    items.map((i) => i.market),
    'text',
  );
  const bases = arrayParam(
    items.map((i) => i.base),
    'text',
  );
  const quotes = arrayParam(
    items.map((i) => i.quote),
    'text',
  );
  return sql`unnest(${venues}, ${markets}, ${bases}, ${quotes}) as t(venue, market, base, quote)`;
}
