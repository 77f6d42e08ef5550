import { ALERT_MESSAGES_EN } from './messages-alerts.ts';
import { AUTH_MESSAGES_EN } from './messages-auth.ts';
import { BILLING_MESSAGES_EN } from './messages-billing.ts';
import { CONTACT_MESSAGES_EN } from './messages-contact.ts';
import { DATASET_MESSAGES_EN } from './messages-dataset.ts';
import { LISTING_MESSAGES_EN } from './messages-listing.ts';
import { MARKET_MESSAGES_EN } from './messages-market.ts';
import { NOTIFY_MESSAGES_EN } from './messages-notify.ts';
import { PHONE_MESSAGES_EN } from './messages-phone.ts';
import { PUBLIC_API_MESSAGES_EN } from './messages-public-api.ts';
import { TOKEN_MESSAGES_EN } from './messages-tokens.ts';
import { VALIDATION_MESSAGES_EN } from './messages-validation.ts';
import { WALLET_MESSAGES_EN } from './messages-wallets.ts';

/**
 * Messages the server sends to users, in English (messages-ko.ts has the Korean). The web app merges these
 * into its own catalogue so a message reads the same whether it came from a form check or from the API.
 */
export const SERVER_MESSAGES_EN = {
  'error.badRequest': 'The request is not valid.',
  'error.invalidParameter': 'Invalid value for "{{param}}": {{detail}}',
  'error.notFound': 'Not found.',
  'error.routeNotFound': 'There is no {{method}} {{url}}.',
  'error.invalidSymbol': 'Invalid symbol "{{symbol}}". Use exchange-base or exchange-quote-base, lowercase.',
  'error.unknownExchange': 'Unknown exchange "{{exchange}}".',
  'error.rateLimited': 'Too many requests. Try again in {{seconds}} s.',
  'error.forbiddenOrigin': 'This origin may not open a WebSocket here.',
  'error.internal': 'Unknown error. Please try again later.',
  'error.unavailable': 'Market data is not ready yet. Try again in a few seconds.',
  'ws.badMessage': 'Message not understood: {{detail}}',
  'ws.unknownTopic': 'Unknown topic "{{topic}}".',
  'ws.tooSlow': 'Connection too slow for the chosen update interval; reconnect to resync.',
  'ws.rateLimited': 'Too many messages on this connection; some were ignored. Slow down.',
  'ws.tooManySubscriptions': 'Too many subscriptions on this connection (at most {{limit}}).',
  'ws.tooManyGroups': 'Too many different live tables open at once; close some and try again.',
  'ws.tooManyConnections': 'Too many live connections from your address; close some tabs and reload.',
  'ws.serverBusy': 'The server is serving as many live tables as it can; try again shortly.',
  'source.simulated': 'Simulated data: no live exchange answered, prices come from the built-in simulator.',
  'source.replay': 'Replay: prices come from a recorded market tape.',
  ...AUTH_MESSAGES_EN,
  ...BILLING_MESSAGES_EN,
  ...MARKET_MESSAGES_EN,
  ...VALIDATION_MESSAGES_EN,
  ...PUBLIC_API_MESSAGES_EN,
  ...NOTIFY_MESSAGES_EN,
  ...WALLET_MESSAGES_EN,
  ...ALERT_MESSAGES_EN,
  ...PHONE_MESSAGES_EN,
  ...LISTING_MESSAGES_EN,
  ...CONTACT_MESSAGES_EN,
  ...DATASET_MESSAGES_EN,
  ...TOKEN_MESSAGES_EN,
} as const;

export type MessageKey = keyof typeof SERVER_MESSAGES_EN;
