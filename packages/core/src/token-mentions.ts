import { TOKEN_NAMES } from './token-names.ts';

/**
 * Which tokens a Telegram post talks about. A post counts once per token however often it names it. Three
 * kinds of mention count: a cashtag (`$BTC`, any known ticker), a bare upper-case ticker of three or more
 * letters standing alone (`SOL`, not `sol` in a sentence or `OP` which is an ordinary word), and a token's
 * Korean or English name from the registry (`비트코인`, `Bitcoin`). Korean writes particles straight onto the
 * noun (`비트코인이`), so Korean names match inside words; the longest name wins (`비트코인캐시` is BCH, not
 * also BTC).
 */
export interface MentionMatcher {
  /** Token bases the text mentions, sorted. */
  mentions(text: string): string[];
}

const MIN_BARE_TICKER = 3;
/** Tickers that are also everyday words in crypto chatter; only their cashtag counts. */
const AMBIGUOUS = new Set(['USD', 'KRW', 'API', 'CEO', 'ETF', 'NFT', 'ATH', 'FOMO', 'DEX', 'CEX', 'THE']);

interface NameEntry {
  readonly needle: string;
  readonly base: string;
  readonly korean: boolean;
}

/** A matcher over `bases` (the tokens that may be counted: here the USDT market's). */
export function mentionMatcher(bases: Iterable<string>): MentionMatcher {
  const allowed = new Set([...bases].map((b) => b.toUpperCase()));
  const names: NameEntry[] = [];
  for (const entry of TOKEN_NAMES) {
    if (!allowed.has(entry.base)) continue;
    for (const name of [entry.ko, entry.en, ...entry.aliases]) {
      if (name.length < 2) continue;
      const korean = /[\uac00-\ud7a3]/.test(name);
      // An English name equal to its ticker is handled by the ticker rules (XRP, BNB, EOS).
      if (!korean && name.toUpperCase() === entry.base) continue;
      names.push({ needle: korean ? name : name.toLowerCase(), base: entry.base, korean });
    }
  }
  names.sort((a, b) => b.needle.length - a.needle.length);
  return {
    mentions(text: string): string[] {
      const found = new Set<string>();
      for (const m of text.matchAll(/\$([A-Za-z][A-Za-z0-9]{1,14})\b/g)) {
        const base = (m[1] ?? '').toUpperCase();
        if (allowed.has(base)) found.add(base);
      }
      for (const m of text.matchAll(/(?<![A-Za-z0-9$])([A-Z][A-Z0-9]{1,14})(?![A-Za-z0-9])/g)) {
        const base = m[1] ?? '';
        if (base.length >= MIN_BARE_TICKER && allowed.has(base) && !AMBIGUOUS.has(base)) found.add(base);
      }
      let rest = text.toLowerCase();
      for (const entry of names) {
        let at = rest.indexOf(entry.needle);
        while (at >= 0) {
          const end = at + entry.needle.length;
          const bounded =
            entry.korean || (!/[a-z0-9]/.test(rest[at - 1] ?? '') && !/[a-z0-9]/.test(rest[end] ?? ''));
          if (bounded) {
            found.add(entry.base);
            // Blank the match so a shorter name inside it (비트코인 in 비트코인캐시) is not counted again.
            rest = `${rest.slice(0, at)}${' '.repeat(entry.needle.length)}${rest.slice(end)}`;
          }
          at = rest.indexOf(entry.needle, bounded ? end : at + 1);
        }
      }
      return [...found].sort();
    },
  };
}
