import type { DepositRow } from './listing-deposit-view.ts';

/** A deterministic generator from a string seed (FNV-1a into mulberry32): same listing, same deposits. */
function randomFrom(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const hex = (random: () => number, digits: number): string =>
  Array.from({ length: digits }, () => Math.floor(random() * 16).toString(16)).join('');

export interface SimDepositInput {
  readonly slug: string;
  readonly base: string;
  /** Deposits start when the venue opened them (else at the notice). */
  readonly from: number;
  readonly now: number;
  /** KRW per token the simulated depositors size their deposits by (fixed per listing). */
  readonly nominalKrw: number;
  readonly network: string;
  readonly seed: number;
}

/** The most simulated deposits one listing gets (about a day at the busiest). */
const MAX_ROWS = 2_000;

/**
 * Simulated deposits into the listing venue's hot wallet (labelled simulated by the caller): a burst in
 * the first minutes after deposits open, thinning out after; about one in ten from a whale (₩100M–₩800M),
 * a quarter from fish, the rest shrimp. Depositors repeat, so the ranking has people sending twice.
 */
export function simulatedDeposits(input: SimDepositInput): DepositRow[] {
  const random = randomFrom(`${input.seed}:${input.slug}`);
  const depositors = Array.from({ length: 60 }, () => `0x${hex(random, 40)}`);
  const wallet = `0x${hex(random, 40)}`;
  const contract = `0x${hex(random, 40)}`;
  const rows: DepositRow[] = [];
  let t = input.from;
  let block = 20_000_000 + Math.floor(random() * 1_000_000);
  while (rows.length < MAX_ROWS) {
    const age = t - input.from;
    // 5–30 s apart in the first half hour, a minute or more later.
    t += age < 1_800_000 ? 5_000 + random() * 25_000 : 30_000 + random() * 150_000;
    if (t > input.now) break;
    block += 1 + Math.floor(random() * 4);
    const draw = random();
    const krw =
      draw < 0.1
        ? 100_000_000 + random() * 700_000_000
        : draw < 0.35
          ? 10_000_000 + random() * 90_000_000
          : 100_000 + random() * 9_800_000;
    rows.push({
      txId: `0x${hex(random, 64)}`,
      depositor: depositors[Math.floor(random() * depositors.length)] as string,
      wallet,
      walletKind: 'hot',
      chain: 'ethereum',
      network: input.network,
      contract,
      contractVerified: true,
      amount: Math.round((krw / input.nominalKrw) * 1e4) / 1e4,
      at: Math.round(t),
      blockNumber: block,
    });
  }
  return rows;
}
