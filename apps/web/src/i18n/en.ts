import { VENUES, type VenueId } from '@spreadscope/core';
import { alertsEn } from './en-alerts.ts';
import { apiEn } from './en-api.ts';
import { authEn } from './en-auth.ts';
import { billingEn } from './en-billing.ts';
import { dashboardEn } from './en-dashboard.ts';
import { datasetEn } from './en-dataset.ts';
import { dexEn } from './en-dex.ts';
import { eventsEn } from './en-events.ts';
import { exchangesEn } from './en-exchanges.ts';
import { legalEn } from './en-legal.ts';
import { listingEn } from './en-listing.ts';
import { listingDepositEn } from './en-listing-deposit.ts';
import { listingHistoryEn } from './en-listing-history.ts';
import { listingPredictedEn } from './en-listing-predicted.ts';
import { marginEn } from './en-margin.ts';
import { marketEn } from './en-market.ts';
import { notifyEn } from './en-notify.ts';
import { phoneEn } from './en-phone.ts';
import { searchEn } from './en-search.ts';
import { siteEn } from './en-site.ts';
import { tokensEn } from './en-tokens.ts';
import { trendEn } from './en-trend.ts';
import { viewsEn } from './en-views.ts';
import { walletsEn } from './en-wallets.ts';

/** Display names as traders know them (the registry's names; huobi is HTX). */
const venueNames = Object.fromEntries(VENUES.map((v) => [v.id, v.name])) as Record<VenueId, string>;

/**
 * English copy. The shape of this object is the catalogue: ko.ts must match it key for key (the type checker
 * and i18n-completeness.test.ts both enforce it).
 */
export const en = {
  app: {
    name: 'Spreadscope',
    tagline: 'Live cross-exchange price gaps',
    skipToContent: 'Skip to content',
  },
  nav: {
    label: 'Main navigation',
    home: 'Home',
    premium: 'Kimchi premium',
    arbitrage: 'Arbitrage',
    fundingRate: 'Funding',
    premiumIndex: 'Premium index',
    exchanges: 'Exchanges',
    alerts: 'Alerts',
    events: 'Events',
    derivatives: 'OI & liquidations',
    pricing: 'Pricing',
  },
  settings: {
    open: 'Display settings',
    title: 'Display settings',
    close: 'Close',
    language: 'Language',
    languageNames: { ko: '한국어', en: 'English' },
    switchLanguage: 'Read this page in {{language}}',
    currency: 'Currency',
    currencyHint: 'Show every price in',
    currencies: { KRW: 'KRW', USD: 'USD' },
    currencyNames: { KRW: 'Korean won', USD: 'US dollar' },
    theme: 'Theme',
    themes: { dark: 'Dark', light: 'Light' },
    switchTheme: 'Switch to {{theme}} theme',
    interval: 'Update interval',
    intervals: { realtime: 'Real-time', '3s': '3s', '10s': '10s', '30s': '30s' },
    colors: 'Up / down colours',
    colorConventions: {
      auto: 'Language default',
      'red-up': 'Red up, blue down',
      'green-up': 'Green up, red down',
    },
  },
  status: {
    dataSource: {
      live: 'Live exchange data',
      simulated: 'Simulated data',
      replay: 'Replayed data',
    },
    lastUpdate: 'Updated {{time}}',
    waiting: 'Waiting for data…',
    connection: {
      open: 'Streaming',
      connecting: 'Connecting…',
      reconnecting: 'Reconnecting in {{seconds}}s',
      closed: 'Offline',
    },
    venues: '{{up}}/{{total}} exchanges connected',
    timeZoneNote: 'Times in Korea Standard Time (KST)',
    disclaimer: 'Market data for information only, not investment advice.',
  },
  banner: {
    simulated: 'Simulated data — these prices are generated, not quoted by exchanges.',
    replay: 'Replay — these prices come from a recorded market tape, not live exchanges.',
    showReason: 'Why?',
    hideReason: 'Hide details',
    since: 'Since {{time}}',
    reasons: {
      timeout: 'No live exchange answered within {{seconds}} s, so simulated prices are shown',
      noneEnabled: 'No live exchange is enabled on this server, so simulated prices are shown',
      allFailed:
        'All {{count}} live exchanges failed within {{seconds}} s ({{detail}}), so simulated prices are shown',
      retrying: '; live exchanges are retried in the background.',
      tapeEnded: 'The recorded tape ended at {{at}}; prices stay at its last moment.',
    },
  },
  titles: {
    suffix: 'Spreadscope',
    home: 'Kimchi premium, live',
    premium: 'Kimchi premium table',
    notFound: 'Page not found',
  },
  landing: {
    heroKicker: 'Kimchi premium now',
    heroTitle: '{{base}} on {{source}} vs {{target}}',
    heroPremium: 'Premium',
    heroDiscount: 'Discount',
    heroBasis: 'at {{base}} {{rate}}',
    heroNoData: 'No fresh BTC quote on both exchanges yet.',
    heroStale: 'Stale quote — not a live premium',
    rates: 'Exchange rates',
    rateUsd: 'USD/KRW (forex)',
    rateUsdt: 'USDT/KRW ({{venue}})',
    rankingTitle: 'Top Kimchi premiums',
    rankingSubtitle: '{{source}} KRW vs {{target}} USDT · stale quotes excluded',
    discountTitle: 'Deepest discounts',
    discountEmpty: 'No token trades at a discount right now.',
    rankingEmpty: 'No fresh quotes to rank yet.',
    rank: 'Rank',
    viewTable: 'Open the full table',
    aboutTitle: 'What Spreadscope shows',
    aboutBody:
      'The same coin often trades at a different price in Korea than abroad. Spreadscope streams KRW prices from Upbit, Bithumb, Coinone and Korbit against USDT prices on major overseas exchanges, converts them with the forex or USDT rate you choose, and shows the gap as it moves.',
    points: {
      live: 'Live: every quote carries its age; old quotes are greyed and never ranked.',
      base: 'Honest: the conversion base (forex USD or USDT) always sits next to the premium.',
      open: 'Open source and self-hostable: run it on your own server.',
    },
    venuesTitle: 'Exchange connections',
    venuesKorea: 'Korea',
    venuesOverseas: 'Overseas',
    venuesEmpty: 'Connection status is not available yet.',
    venueInstruments: '{{count}} markets',
    moreTitle: 'Also here',
    more: {
      arbitrage:
        'Spot–spot, spot–perp and perp–perp arbitrage with entry/exit gaps, depth and transfer networks',
      fundingRate: 'Funding rates ranked across exchanges, a 24 h heatmap and a year of history',
      premiumIndex: 'The Kimchi premium index over the main tokens, with the Bitcoin trend',
      exchanges: 'Every exchange connection and where its data comes from',
    },
  },
  premium: {
    title: 'Kimchi premium',
    subtitle: 'KRW markets in Korea against USDT markets abroad',
    filters: {
      label: 'Table filters',
      source: 'Korean exchange',
      target: 'Overseas exchange',
      search: 'Token',
      searchPlaceholder: 'BTC, Bitcoin…',
      clearSearch: 'Clear search',
      minPremium: 'Min. premium',
      minPremiumPlaceholder: 'Min. %',
      minPremiumHint: 'Show rows whose premium is at least this percent; negative values keep discounts.',
      conversionBase: 'Conversion base',
      bases: { USD: 'USD forex', USDT: 'USDT' },
      basesShort: { USD: 'Forex', USDT: 'USDT' },
      baseHint: 'Premium computed with {{pair}} {{rate}}',
      reset: 'Reset',
    },
    columns: {
      token: 'Token',
      sourcePrice: '{{venue}}',
      targetPrice: '{{venue}}',
      gap: 'Premium',
      gapBasis: '{{base}} basis',
      priceDiff: 'Difference',
      volume: 'Volume 24h',
      targetVolume: '{{venue}} vol. 24h',
      change: '24h',
      spread: 'Bid / ask',
    },
    sortBy: 'Sort by {{column}}',
    sortedAsc: 'sorted ascending',
    sortedDesc: 'sorted descending',
    stale: 'Stale',
    staleTitle: 'No update within {{seconds}} s: greyed and never ranked as an opportunity.',
    expand: 'Show details for {{base}}',
    collapse: 'Hide details for {{base}}',
    detail: {
      bid: 'Bid',
      ask: 'Ask',
      native: 'Native price',
      updated: 'Quote time',
      rate: 'Conversion rate',
    },
    unit: 'Prices in {{currency}}',
    count: '{{count}} tokens',
    partial: 'Showing {{shown}} of {{total}} — narrow the filters to see the rest.',
    held: 'Order held',
    heldTitle:
      'Rows keep their place while the pointer is over the table; they re-sort at the next update after it leaves.',
    loading: 'Loading premiums…',
    empty: 'No results found.',
    connecting: 'Connecting to exchanges…',
    connectingHint: 'The table fills in as live prices arrive.',
    connectingAutoHint:
      'The table fills in as live prices arrive. If no exchange answers, simulated prices are shown shortly.',
    emptyHint: 'Try another token or lower the minimum premium.',
    errorTitle: 'Could not load the table.',
    retry: 'Try again',
    tableLabel: 'Kimchi premium by token, {{source}} against {{target}}',
  },
  venueStatus: {
    connected: 'Connected',
    connecting: 'Connecting',
    degraded: 'Delayed',
    down: 'Down',
    disabled: 'Disabled',
    unsupported: 'Not supported',
    unknown: 'Status unknown',
    age: 'last message {{age}} ago',
  },
  errors: {
    network: 'Cannot reach the Spreadscope server. Check your connection; we keep retrying.',
    unexpected: 'Unknown error. Please try again later.',
    serverUnavailable:
      'The server is not answering (HTTP {{status}}). We keep retrying; try again in a moment.',
    badResponse: 'The server sent an answer we could not read. Reload the page; if it persists, try later.',
    notYetServed: 'This server does not provide this data yet. Update Spreadscope or try again later.',
  },
  notFound: {
    title: 'This page does not exist.',
    body: 'The link may be old or mistyped. The live tables are one click away.',
    home: 'Go to the home page',
    premium: 'Open the Kimchi premium table',
  },
  common: {
    notTranslated: 'Not yet translated',
    loading: 'Loading…',
    kst: 'KST',
    notifications: 'Notifications (Alt+T)',
  },
  duration: {
    days: '{{d}}d {{h}}h',
    hours: '{{h}}h {{m}}m',
    minutes: '{{m}}m {{s}}s',
    seconds: '{{s}}s',
    count: { m: '{{n}}m', h: '{{n}}h', d: '{{n}}d' },
  },
  venues: venueNames,
  auth: authEn,
  billing: billingEn,
  notify: notifyEn,
  phone: phoneEn,
  ...marketEn,
  ...exchangesEn,
  ...apiEn,
  ...eventsEn,
  ...alertsEn,
  ...legalEn,
  margin: marginEn.margin,
  trend: trendEn.trend,
  fees: marginEn.fees,
  derivatives: marginEn.derivatives,
  ...walletsEn,
  ...listingEn,
  ...listingDepositEn,
  ...listingPredictedEn,
  ...listingHistoryEn,
  ...siteEn,
  ...datasetEn,
  ...dexEn,
  ...tokensEn,
  ...searchEn,
  ...viewsEn,
  ...dashboardEn,
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The catalogue's shape with every leaf a string: what another language must provide. */
export type Catalogue = Widen<typeof en>;
