/** The dataset explorer (/dataset): the data categories of spec §3, what each holds and how to get it. */
export const datasetEn = {
  dataset: {
    title: 'Dataset explorer',
    lead: 'Every kind of data this installation collects: what it holds, where it comes from, a live sample, the API call that serves it and a CSV of the range you choose.',
    loading: 'Loading the catalogue…',
    failed: 'The catalogue could not be loaded. Try again in a moment.',
    notCollected: 'Not collected by this installation.',
    pro: 'Pro and above',
    coverage: 'Coverage',
    since: 'Data since',
    venues: '{{count}} exchange(s)',
    rows: '{{count}} row(s) now',
    liveSnapshot: 'Current state, updated live',
    series: 'Minute candles, kept for the history retention period',
    market: 'Market',
    apiCall: 'API call',
    sample: 'Live sample',
    noSample: 'No rows yet.',
    from: 'From',
    to: 'To',
    download: 'Download CSV',
    limits:
      'One download covers at most: visitors {{visitor}} day, Free {{free}} days, Starter {{starter}} days, Pro {{pro}} days, Pro+ {{pro_plus}} days.',
    categories: {
      'cex-info': {
        title: 'CEX markets',
        body: 'Every market on the centralised exchanges: exchange, spot or perpetual, base and quote.',
      },
      'dex-info': {
        title: 'DEX pools',
        body: 'The AMM pools tracked on the DEX venues (Uniswap v3, PancakeSwap, DragonSwap, KLAYswap, Capybara): exchange, base and quote.',
      },
      'cex-data': {
        title: 'CEX candles',
        body: 'One-minute OHLCV candles of a centralised-exchange market, in its own quote.',
      },
      'dex-data': { title: 'DEX candles', body: 'One-minute OHLCV candles of an AMM pool.' },
      'funding-rate': {
        title: 'Funding rates',
        body: 'The current funding rate and price of every perpetual market.',
      },
      trend: { title: 'Search trends', body: 'Naver and Google search interest by token.' },
      forex: { title: 'Forex', body: 'The USD/KRW rate the premiums are converted with.' },
      telegram: { title: 'Telegram', body: 'Posts and channel statistics of crypto Telegram channels.' },
      ticker: {
        title: 'Tickers',
        body: 'Last price, best bid and ask, 24-hour change and volume of every market, in dollars.',
      },
      orderbook: {
        title: 'Order books',
        body: 'Bids and asks near the mid price; served live on the detail pages and by the API.',
      },
      'token-updates': {
        title: 'Token updates',
        body: 'Listings, delistings and notices; on the events page and by the API.',
      },
      'trading-fees': { title: 'Trading fees', body: 'Maker and taker fees by exchange and market type.' },
      'wallet-status': {
        title: 'Wallet status',
        body: 'Deposit and withdrawal state per exchange, asset and network.',
      },
    },
  },
};

export type DatasetCatalogue = typeof datasetEn;
