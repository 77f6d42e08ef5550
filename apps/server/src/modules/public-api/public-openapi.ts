import {
  DATA_UPDATED_AT_HEADER,
  PUBLIC_API_EXTENSIONS,
  PUBLIC_API_OPERATIONS,
  PUBLIC_API_PREFIX,
  type PublicApiOperation,
} from '@spreadscope/contracts';

/**
 * The paid API's own OpenAPI 3 document (/api/v1/openapi.json), generated: its paths are the registry's
 * operations (shared/formats/public-api.md plus our extensions), its parameters the routes' zod schemas as the
 * app-wide document renders them. Added here: the X-DTMX-APIKEY security scheme on keyed operations, the
 * registry's example values, a curl sample, the error body and the rate-limit and freshness headers.
 */

interface OpenApiDocument {
  paths?: Record<string, Record<string, OperationObject>>;
  components?: Record<string, unknown>;
}

interface OperationObject {
  parameters?: { name: string; in: string; example?: unknown; schema?: Record<string, unknown> }[];
  [key: string]: unknown;
}

const SECTIONS: [string, string][] = [
  ['/cex/candle', 'candles'],
  ['/ticker', 'ticker'],
  ['/cex/fees', 'trading fees'],
  ['/wallet-status', 'wallet status'],
  ['/cex/announcements', 'announcements'],
  ['/cex/token', 'token updates'],
  ['/cex/symbol', 'symbols'],
  ['/funding-rate', 'funding rate'],
  ['/premium', 'premium'],
  ['/forex', 'forex'],
  ['/index-price', 'index price'],
  ['/margin-borrow', 'margin borrow'],
  ['/liquidation', 'liquidation'],
  ['/open-interest', 'open interest'],
  ['/listings', 'listings'],
  ['/telegram', 'telegram'],
  ['/naver-trend', 'naver trend'],
  ['/arbitrage', 'arbitrage (beyond the contract)'],
];

const sectionOf = (path: string) => SECTIONS.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'other';

const errorBody = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'string',
      description: 'the message, in the language of Accept-Language (ko default, en)',
    },
    data: {
      type: 'object',
      properties: { code: { type: 'string' }, param: { type: 'string' } },
    },
  },
};

const ERRORS: Record<string, { description: string; example: unknown }> = {
  '400': {
    description: 'a parameter is missing or invalid; `data.param` names it',
    example: { error: 'symbol: required', data: { code: 'invalid_parameter', param: 'symbol' } },
  },
  '401': {
    description: 'no key, or a key that is not valid (keyed operations)',
    example: {
      error: 'This operation needs an API key in the X-DTMX-APIKEY header.',
      data: { code: 'api_key_required' },
    },
  },
  '402': {
    description: 'this month’s credits are used up',
    example: { error: 'This month’s API credits are used up.', data: { code: 'credits_exhausted' } },
  },
  '403': {
    description: 'the key’s plan has no API access; the message names the plan needed',
    example: {
      error: 'The API needs the Pro+ plan (or Partner / Developer).',
      data: { code: 'plan_required' },
    },
  },
  '404': {
    description: 'nothing for these parameters, or an operation not served yet (`not_served`)',
    example: { error: 'No futures market BTC-XYZ on binance.', data: { code: 'market_not_found' } },
  },
  '429': {
    description: 'past the per-key rate; wait `Retry-After` seconds',
    example: { error: 'Too many calls with this key.', data: { code: 'rate_limited' } },
  },
};

const FAMILY_EXAMPLES: Record<PublicApiOperation['family'], unknown> = {
  discovery: ['binance', 'bybit', 'upbit'],
  envelope: { data: [] },
  object: {},
  rows: [],
  aggregate: {},
  untyped: {},
};

function curl(op: PublicApiOperation): string {
  const query = new URLSearchParams(op.example).toString();
  const key = op.auth === 'key' ? ` -H 'X-DTMX-APIKEY: <your key>'` : '';
  return `curl -s${key} 'https://<host>${PUBLIC_API_PREFIX}${op.path}${query ? `?${query}` : ''}'`;
}

function operation(op: PublicApiOperation, rendered: OperationObject | undefined): OperationObject {
  const parameters = (rendered?.parameters ?? []).map((p) =>
    p.in === 'query' && op.example[p.name] !== undefined ? { ...p, example: op.example[p.name] } : p,
  );
  const headers = {
    [DATA_UPDATED_AT_HEADER]: {
      description: 'epoch ms of the newest data behind the answer',
      schema: { type: 'integer' },
    },
    'x-data-source': { description: '`live` or `simulated`', schema: { type: 'string' } },
    ...(op.auth === 'key'
      ? {
          'x-ratelimit-limit': { description: 'calls a minute for this key', schema: { type: 'integer' } },
          'x-ratelimit-remaining': { description: 'calls left this minute', schema: { type: 'integer' } },
          'x-ratelimit-reset': {
            description: 'seconds until the minute resets',
            schema: { type: 'integer' },
          },
        }
      : {}),
  };
  const errors = Object.fromEntries(
    Object.entries(ERRORS)
      .filter(([status]) => op.auth === 'key' || !['401', '402', '403', '429'].includes(status))
      .map(([status, e]) => [
        status,
        {
          description: e.description,
          content: { 'application/json': { schema: errorBody, example: e.example } },
        },
      ]),
  );
  return {
    operationId: `get${op.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [sectionOf(op.path)],
    summary: `${op.path}${op.auth === 'key' ? ' (API key)' : ' (public)'}`,
    description: [
      op.pending
        ? `Not served yet: its data arrives with the "${op.pending}" work (404 \`not_served\`).`
        : '',
      op.required.length > 0 ? `Required: ${op.required.join(', ')}.` : '',
      op.echo ? `The reply echoes ${op.echo.join(', ')} beside \`data\`.` : '',
    ]
      .filter(Boolean)
      .join(' '),
    parameters,
    ...(op.auth === 'key' ? { security: [{ dtmxApiKey: [] }] } : { security: [] }),
    responses: {
      '200': {
        description: `${op.family} answer`,
        headers,
        content: { 'application/json': { example: FAMILY_EXAMPLES[op.family] } },
      },
      ...errors,
    },
    'x-codeSamples': [{ lang: 'Shell', label: 'curl', source: curl(op) }],
  };
}

let cached: { from: unknown; document: unknown } | null = null;

/** The document for the app-wide one given (memoized: the routes do not change while the process runs). */
export function publicOpenApi(full: unknown): unknown {
  if (cached !== null && cached.from === full) return cached.document;
  const paths = (full as OpenApiDocument).paths ?? {};
  const out: Record<string, { get: OperationObject }> = {};
  for (const op of [...PUBLIC_API_OPERATIONS, ...PUBLIC_API_EXTENSIONS]) {
    out[`${PUBLIC_API_PREFIX}${op.path}`] = {
      get: operation(op, paths[`${PUBLIC_API_PREFIX}${op.path}`]?.get),
    };
  }
  const document = {
    openapi: '3.0.3',
    info: {
      title: 'Spreadscope public API',
      version: '1.0.0',
      description:
        'Market data compatible with the DataMaxi+ API and its official SDKs (point `base_url` here), plus our arbitrage tables. Every operation is a GET under /api/v1 with query parameters. Keyed operations need `X-DTMX-APIKEY` from /my/account on a plan with API access, spend monthly credits and answer with X-RateLimit-* headers; public ones ignore the header. Errors are `{"error": <message>, "data": {"code", "param"?}}`. Every answer carries `x-data-updated-at` (epoch ms) and `x-data-source`. WebSocket: /ws/v1/<channel> (ticker/spot, ticker/futures, forex, premium, funding-rate, open-interest, liquidation, liquidation/feed).',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(SECTIONS.map(([, name]) => name))].map((name) => ({ name })),
    paths: out,
    components: {
      securitySchemes: {
        dtmxApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-DTMX-APIKEY',
          description: 'An API key from /my/account (shown once at creation).',
        },
      },
    },
  };
  cached = { from: full, document };
  return cached.document;
}
