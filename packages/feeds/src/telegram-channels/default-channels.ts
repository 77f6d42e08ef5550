/**
 * The channels read when the operator has listed none (TELEGRAM_CHANNELS or `npm run admin -- telegram-channels`):
 * public Korean crypto news channels, plus the exchange announcement channels Korean traders follow. A name
 * that later goes private or disappears shows as unavailable on the channels screen, with the reason.
 */
export interface ChannelSeed {
  readonly username: string;
  readonly category: 'korean' | 'english';
}

export const DEFAULT_TELEGRAM_CHANNELS: readonly ChannelSeed[] = [
  { username: 'coinnesskr', category: 'korean' },
  { username: 'blockmedia_official', category: 'korean' },
  { username: 'upbit_notice_kr', category: 'korean' },
  { username: 'bithumb_notice', category: 'korean' },
  { username: 'tokenpost_kr', category: 'korean' },
  { username: 'binanceexchange', category: 'english' },
  { username: 'binance_announcements', category: 'english' },
];
