import type { FastifyInstance } from 'fastify';

/**
 * Requests built from the app's own OpenAPI document, so a test can reach every documented operation and
 * put chosen text into each of its string inputs (path, query, JSON body) without listing routes by hand.
 */
type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  $ref?: string;
};

interface Parameter {
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly name: string;
  readonly schema: JsonSchema;
}

export interface Operation {
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly Parameter[];
  readonly body: JsonSchema | undefined;
}

export interface SampleRequest {
  readonly method: string;
  readonly path: string;
  readonly pathParams: Record<string, string>;
  readonly query: Record<string, string>;
  body: unknown;
}

/** Where a string goes in a request, by name (`body.columns.premium.0`, `path.key`, `query.q`). */
export interface Slot {
  readonly name: string;
  set(request: SampleRequest, value: string): void;
}

/** Values that make a request otherwise plausible (a fresh address each time keeps per-address limits apart). */
export interface Hints {
  readonly email: string;
  readonly password: string;
}

export function operationsOf(document: {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}): Operation[] {
  const refs = document.components?.schemas ?? {};
  const resolve = (schema: JsonSchema): JsonSchema =>
    schema.$ref ? resolve(refs[schema.$ref.split('/').pop() ?? ''] ?? {}) : schema;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content?.['application/json']?.schema;
      return {
        method,
        path,
        parameters: (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema) })),
        body: body ? deref(body, resolve) : undefined,
      };
    }),
  );
}

function deref(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema): JsonSchema {
  const s = resolve(schema);
  return {
    ...s,
    ...(s.properties
      ? {
          properties: Object.fromEntries(
            Object.entries(s.properties).map(([k, v]) => [k, deref(v, resolve)]),
          ),
        }
      : {}),
    ...(s.items ? { items: deref(s.items, resolve) } : {}),
    ...(s.anyOf ? { anyOf: s.anyOf.map((v) => deref(v, resolve)) } : {}),
    ...(s.oneOf ? { oneOf: s.oneOf.map((v) => deref(v, resolve)) } : {}),
  };
}

export function sampleRequest(operation: Operation, hints: Hints): SampleRequest {
  const pathParams: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of operation.parameters) {
    const value = String(sample(p.schema, p.name, hints));
    if (p.in === 'path') pathParams[p.name] = value;
    if (p.in === 'query') query[p.name] = value;
  }
  return {
    method: operation.method.toUpperCase(),
    path: operation.path,
    pathParams,
    query,
    body: operation.body ? sample(operation.body, '', hints) : undefined,
  };
}

/** Every string input of an operation: its path and query parameters and each string in its sample body. */
export function stringSlots(operation: Operation, hints: Hints): Slot[] {
  const slots: Slot[] = [];
  for (const p of operation.parameters) {
    if (p.in === 'path' || p.in === 'query') {
      const where = p.in === 'path' ? 'pathParams' : 'query';
      slots.push({
        name: `${p.in}.${p.name}`,
        set: (request, value) => {
          request[where][p.name] = value;
        },
      });
    }
  }
  const visit = (schema: JsonSchema, value: unknown, route: (string | number)[]) => {
    const s = pick(schema);
    if (typeof value === 'string') {
      slots.push({ name: ['body', ...route].join('.'), set: (request, text) => setAt(request, route, text) });
    } else if (Array.isArray(value) && s.items) {
      for (const [index, item] of value.entries()) visit(s.items ?? {}, item, [...route, index]);
    } else if (value !== null && typeof value === 'object' && s.properties) {
      for (const [key, child] of Object.entries(s.properties)) {
        visit(child, (value as Record<string, unknown>)[key], [...route, key]);
      }
    }
  };
  if (operation.body) visit(operation.body, sample(operation.body, '', hints), []);
  return slots;
}

function setAt(request: SampleRequest, route: (string | number)[], text: string): void {
  if (route.length === 0) {
    request.body = text;
    return;
  }
  let node = request.body as Record<string | number, unknown>;
  for (const key of route.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[route[route.length - 1] as string | number] = text;
}

function pick(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return options.find((o) => o.type !== 'null') ?? options[0] ?? {};
  if (schema.allOf?.[0]) return { ...schema.allOf[0], ...schema, allOf: undefined };
  return schema;
}

function sample(schema: JsonSchema, name: string, hints: Hints): unknown {
  const s = pick(schema);
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, child]) => [key, sample(child, key, hints)]),
      );
    case 'array':
      return [sample(s.items ?? { type: 'string' }, name, hints)];
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    default:
      return textFor(name, hints);
  }
}

function textFor(name: string, hints: Hints): string {
  const lower = name.toLowerCase();
  if (lower.includes('email')) return hints.email;
  if (lower.includes('password')) return hints.password;
  if (lower === 'symbol') return 'upbit-BTC';
  if (lower.startsWith('base') || lower === 'q') return 'BTC';
  return 'x1';
}

/**
 * Percent-encodes as a client might: UTF-8, and an unpaired surrogate as its three WTF-8 bytes (what a
 * sloppy encoder sends; encodeURIComponent itself would throw).
 */
export function encodeComponent(text: string): string {
  let out = '';
  for (const ch of text) {
    const unit = ch.charCodeAt(0);
    if (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out +=
        `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

export async function sendRequest(
  app: FastifyInstance,
  request: SampleRequest,
  cookie: string,
): Promise<{ status: number; body: string }> {
  const path = request.path.replace(/\{(\w+)\}/g, (_, key: string) =>
    encodeComponent(request.pathParams[key] ?? ''),
  );
  const query = Object.entries(request.query)
    .map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`)
    .join('&');
  const response = await app.inject({
    method: request.method as 'GET',
    url: query ? `${path}?${query}` : path,
    headers: {
      cookie,
      'accept-language': 'en',
      ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
  });
  return { status: response.statusCode, body: response.body };
}
