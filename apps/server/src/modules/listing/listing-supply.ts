import type { ListingCard } from '@spreadscope/contracts';
import type { BorrowRateRow } from '@spreadscope/db';
import { simListingSupply } from '@spreadscope/feeds';
import { readTotalSupply } from '@spreadscope/feeds/deposit-track';
import type { JsonRpc } from '@spreadscope/feeds/dex';
import type { DerivativesDesk } from '../derivatives/derivatives-desk.ts';
import type { TrackedToken } from './listing-deposit-config.ts';
import type { ListingDepositService } from './listing-deposit-service.ts';
import type { CardExtras } from './listing-observe.ts';

type Supply = NonNullable<ListingCard['supply']>;

/** How often the contracts' totals are read again (mints and burns move them slowly). */
export const SUPPLY_REFRESH_MS = 10 * 60_000;

/**
 * Token supply for the listing cards: the total from each configured contract's `totalSupply()`, circulating
 * and max from the operator's configuration (no chain call knows them). Simulated listings get drawn figures.
 */
export class ListingSupplyBook {
  private readonly totals = new Map<string, number>();

  constructor(
    private readonly tokens: readonly TrackedToken[],
    private readonly rpcFor: (chain: string) => JsonRpc | undefined,
  ) {}

  /** Reads every configured contract's total once; a node that does not answer keeps the last one read. */
  async refresh(): Promise<void> {
    await Promise.all(
      this.tokens.map(async (token) => {
        const rpc = this.rpcFor(token.chain);
        if (!rpc) return;
        const total = await readTotalSupply(rpc, token.contract, token.decimals);
        if (total !== null) this.totals.set(token.base, total);
      }),
    );
  }

  supply(base: string, simulated: boolean): Supply | null {
    if (simulated) return simulatedSupply(base);
    const token = this.tokens.find((t) => t.base === base);
    if (!token) return null;
    return withLocked(
      this.totals.get(base) ?? null,
      token.circulatingSupply ?? null,
      token.maxSupply ?? null,
    );
  }
}

function withLocked(total: number | null, circulating: number | null, max: number | null): Supply {
  const lockedPct = total && circulating !== null ? Math.max(0, (1 - circulating / total) * 100) : null;
  return { total, circulating, max, lockedPct };
}

/**
 * The simulator's circulating supply for its listings (the one the history's market-cap change uses), with a
 * total and cap drawn stably per ticker around it: 40–85 % of the total circulating, the total 60–100 % of the cap.
 */
function simulatedSupply(base: string): Supply {
  let h = 2166136261;
  for (const c of base) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  const draw = (n: number) => ((h >>> (n * 8)) & 0xff) / 255;
  const circulating = simListingSupply(base) ?? Math.round(1 + draw(0) * 9) * 1e8;
  const total = Math.round(circulating / (0.4 + draw(1) * 0.45));
  const max = Math.round(total / (0.6 + draw(2) * 0.4));
  return withLocked(total, circulating, max);
}

/**
 * The venues that lend a token on margin, cheapest first, one row each, at the base VIP level (each venue's
 * first level as it lists them, the order the desk keeps). Rows a venue marks not borrowable are left out.
 */
export function borrowOffers(rows: readonly BorrowRateRow[], limit = 3): ListingCard['borrow'] {
  const seen = new Set<string>();
  const best = new Map<string, BorrowRateRow>();
  for (const row of rows) {
    const level = `${row.venue}|${row.marginType}|${row.pair}`;
    if (seen.has(level)) continue;
    seen.add(level);
    if (!row.borrowable) continue;
    const held = best.get(row.venue);
    if (!held || row.hourlyRate < held.hourlyRate) best.set(row.venue, row);
  }
  return [...best.values()]
    .sort((a, b) => a.hourlyRate - b.hourlyRate || a.venue.localeCompare(b.venue))
    .slice(0, limit)
    .map((r) => ({
      exchange: r.venue as ListingCard['borrow'][number]['exchange'],
      marginType: r.marginType,
      annualRate: r.hourlyRate * 8_760,
      borrowLimit: r.borrowLimit,
    }));
}

/**
 * The cards' supply (from the deposit tracker's configured tokens) and margin lenders (the derivatives desk).
 * The tracker is built after the listing service it reads cards from, so it is reached late.
 */
export function cardExtras(desk: DerivativesDesk, deposits: () => ListingDepositService): CardExtras {
  return {
    supply: (base, simulated) => deposits().supplyBook.supply(base, simulated),
    borrow: (base) => borrowOffers(desk.borrowRows(base)),
  };
}
