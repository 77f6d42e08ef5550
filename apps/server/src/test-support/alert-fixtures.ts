/** A rule that passes every check: BTC Kimchi premium above 3 %, Upbit → Binance, toast and email. */
export function kimchiAlert(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'BTC 김프 3%',
    message: 'Kimchi premium above 3%',
    strategy: 'premium-price-gap',
    tokens: ['btc'],
    exchanges: ['upbit', 'binance'],
    direction: 'fixed',
    premiumType: 'spot-spot',
    dataType: 'price-gap-percent',
    condition: 'greater-than',
    threshold: 3,
    frequency: 'every',
    interval: 1,
    intervalUnit: 'minute',
    expiresAt: null,
    channels: { telegram: false, toast: true, email: true },
    ...over,
  };
}
