import type { Combos } from './combos.ts';
import type { IntList } from './growable.ts';
import type { MarketState } from './market-state.ts';

/** A list's rows by the token of their source market: rows of token k are rows[offsets[k] … offsets[k + 1]). */
interface TokenRows {
  generation: number;
  length: number;
  tokens: number;
  offsets: Int32Array;
  rows: Int32Array;
}

const indexes = new WeakMap<IntList, TokenRows>();

/**
 * The rows of `list` whose token is kept, in list order (ascending row index, as the list holds them): what a
 * narrow table (a few tokens by `bases` or `search`) scans instead of the whole list. Each list's index is
 * built once and rebuilt only when rows were appended or moved (compaction), so a per-token subscription costs
 * its tokens' rows, not every combination of the market.
 */
export function keptRows(
  state: MarketState,
  combos: Combos,
  list: IntList,
  keep: Uint8Array,
  out: { array: Int32Array; length: number },
): void {
  const index = indexOf(state, combos, list);
  let n = 0;
  for (let k = 0; k < keep.length; k++) {
    if (!keep[k]) continue;
    const start = index.offsets[k] as number;
    const end = index.offsets[k + 1] as number;
    if (out.array.length < n + end - start) {
      const grown = new Int32Array(Math.max(2 * out.array.length, n + end - start));
      grown.set(out.array.subarray(0, n));
      out.array = grown;
    }
    out.array.set(index.rows.subarray(start, end), n);
    n += end - start;
  }
  // Tokens' rows interleave in the list when markets were added since the last compaction.
  out.array.subarray(0, n).sort();
  out.length = n;
}

function indexOf(state: MarketState, combos: Combos, list: IntList): TokenRows {
  const tokens = state.tokens.length;
  const known = indexes.get(list);
  if (
    known &&
    known.generation === combos.generation &&
    known.length === list.length &&
    known.tokens === tokens
  )
    return known;
  const source = combos.source.array;
  const members = list.array;
  const tokenOf = new Int32Array(list.length);
  const offsets = new Int32Array(tokens + 1);
  for (let i = 0; i < list.length; i++) {
    const token = state.instruments[source[members[i] as number] as number]?.token ?? 0;
    tokenOf[i] = token;
    offsets[token + 1] = (offsets[token + 1] as number) + 1;
  }
  for (let k = 0; k < tokens; k++) offsets[k + 1] = (offsets[k + 1] as number) + (offsets[k] as number);
  const fill = offsets.slice(0, tokens);
  const rows = new Int32Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const token = tokenOf[i] as number;
    rows[fill[token] as number] = members[i] as number;
    fill[token] = (fill[token] as number) + 1;
  }
  const index = { generation: combos.generation, length: list.length, tokens, offsets, rows };
  indexes.set(list, index);
  return index;
}
