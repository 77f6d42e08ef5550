import { createHash } from 'node:crypto';

/**
 * Our own icons: simple lettermarks on each brand's colour, drawn here (no logo is copied — logos are the
 * venues' trademarks; a letter on a colour is not). Unknown names get a generated mark whose colour comes
 * from the name, so the same token always looks the same.
 */

export type IconKind = 'exchanges' | 'tokens' | 'networks';

interface Mark {
  readonly text: string;
  readonly background: string;
  readonly color?: string;
  /** Exchanges are rounded squares, tokens and networks circles. */
  readonly shape?: 'square' | 'circle';
}

const EXCHANGES: Readonly<Record<string, Mark>> = {
  upbit: { text: 'U', background: '#093687' },
  bithumb: { text: 'B', background: '#f37321' },
  kbit: { text: 'K', background: '#3b4a6b' },
  coinone: { text: 'C', background: '#0062df' },
  korbit: { text: 'K', background: '#1e4fd8' },
  binance: { text: 'B', background: '#f0b90b', color: '#1e2026' },
  bybit: { text: 'By', background: '#17181e', color: '#f7a600' },
  okx: { text: 'OK', background: '#000000' },
  mexc: { text: 'M', background: '#1972e2' },
  bitget: { text: 'Bg', background: '#00c2d1', color: '#0b1b22' },
  gateio: { text: 'G', background: '#2354e6' },
  hashkey: { text: 'HK', background: '#2a2f3a' },
  huobi: { text: 'H', background: '#1b5cff' },
  backpack: { text: 'Bp', background: '#e33e3f' },
  dydx: { text: 'dY', background: '#6966ff' },
  hyperliquid: { text: 'HL', background: '#072723', color: '#97fce4' },
  lighter: { text: 'L', background: '#111111' },
  aster: { text: 'A', background: '#efbf84', color: '#1a1a1a' },
  edgex: { text: 'eX', background: '#0d0d0d', color: '#c2f24d' },
  uniswapv3: { text: 'U3', background: '#ff007a' },
  pancakeswap: { text: 'P', background: '#1fc7d4', color: '#452a7a' },
  dragonswap: { text: 'D', background: '#2b6bf3' },
  klayswap: { text: 'KS', background: '#ff6b00' },
  capybara: { text: 'Cb', background: '#8b5a2b' },
};

const TOKENS: Readonly<Record<string, Mark>> = {
  BTC: { text: 'B', background: '#f7931a' },
  ETH: { text: 'Ξ', background: '#627eea' },
  USDT: { text: 'T', background: '#26a17b' },
  USDC: { text: '$', background: '#2775ca' },
  XRP: { text: 'X', background: '#23292f' },
  SOL: { text: 'S', background: '#9945ff' },
  BNB: { text: 'B', background: '#f3ba2f', color: '#1e2026' },
  DOGE: { text: 'Ð', background: '#c2a633' },
  TRX: { text: 'T', background: '#eb0029' },
  ADA: { text: 'A', background: '#0033ad' },
  TON: { text: 'T', background: '#0098ea' },
  SUI: { text: 'S', background: '#4da2ff' },
  AVAX: { text: 'A', background: '#e84142' },
  LINK: { text: 'L', background: '#2a5ada' },
  DOT: { text: 'D', background: '#e6007a' },
  KAIA: { text: 'K', background: '#bff009', color: '#1a1a1a' },
  KRW: { text: '₩', background: '#0d47a1' },
};

const NETWORKS: Readonly<Record<string, Mark>> = {
  ETH: { text: 'E', background: '#627eea' },
  TRX: { text: 'T', background: '#eb0029' },
  BSC: { text: 'BS', background: '#f3ba2f', color: '#1e2026' },
  SOL: { text: 'S', background: '#9945ff' },
  ARB: { text: 'Ar', background: '#28a0f0' },
  OP: { text: 'OP', background: '#ff0420' },
  BASE: { text: 'Ba', background: '#0052ff' },
  POL: { text: 'P', background: '#8247e5' },
  AVAXC: { text: 'Av', background: '#e84142' },
  BTC: { text: 'B', background: '#f7931a' },
  TON: { text: 'T', background: '#0098ea' },
  KAIA: { text: 'K', background: '#bff009', color: '#1a1a1a' },
  XRP: { text: 'X', background: '#23292f' },
  SUI: { text: 'S', background: '#4da2ff' },
};

const TABLES: Record<IconKind, Readonly<Record<string, Mark>>> = {
  exchanges: EXCHANGES,
  tokens: TOKENS,
  networks: NETWORKS,
};

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function svg(mark: Mark, label: string): string {
  const shape =
    mark.shape === 'square'
      ? `<rect width="64" height="64" rx="14" fill="${mark.background}"/>`
      : `<circle cx="32" cy="32" r="32" fill="${mark.background}"/>`;
  const size = [...mark.text].length > 1 ? 26 : 34;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${escapeXml(label)}">${shape}<text x="32" y="33" text-anchor="middle" dominant-baseline="central" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${size}" fill="${mark.color ?? '#ffffff'}">${escapeXml(mark.text)}</text></svg>`;
}

/** A colour from the name: same name, same colour, mid lightness so white letters stay readable. */
export function fallbackColor(name: string): string {
  const digest = createHash('sha256').update(name.toUpperCase()).digest();
  const hue = ((digest[0] ?? 0) * 256 + (digest[1] ?? 0)) % 360;
  return `hsl(${hue} 55% 42%)`;
}

export interface Icon {
  readonly svg: string;
  /** Drawn for this name, or generated because we have none. */
  readonly known: boolean;
}

/** The icon of a name, or null for an exchange we do not list (exchanges are a closed set). */
export function iconFor(kind: IconKind, rawName: string): Icon | null {
  const name = kind === 'exchanges' ? rawName.toLowerCase() : rawName.toUpperCase();
  const mark = TABLES[kind][name];
  const shape = kind === 'exchanges' ? 'square' : 'circle';
  if (mark) return { svg: svg({ shape, ...mark }, name), known: true };
  if (kind === 'exchanges') return null;
  const letters = [...name.replace(/[^A-Z0-9]/g, '')].slice(0, 2).join('') || '?';
  return { svg: svg({ text: letters, background: fallbackColor(name), shape }, name), known: false };
}
