import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
  readonly headers: LightMyRequestResponse['headers'];
  readonly setCookies: string[];
}

/**
 * A browser-like client over app.inject: keeps the cookies the server sets (and drops the ones it clears),
 * sends them back, and names a language. Each instance is one browser.
 */
export class CookieClient {
  readonly jar = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly language: 'ko' | 'en' = 'en',
  ) {}

  async request<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.inject({
      method,
      url,
      headers: {
        'accept-language': this.language,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    const raw = response.headers['set-cookie'];
    const setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    for (const line of setCookies) this.store(line);
    const text = response.body;
    return {
      status: response.statusCode,
      body: (text ? JSON.parse(text) : null) as T,
      headers: response.headers,
      setCookies,
    };
  }

  get = <T = Record<string, unknown>>(url: string, headers?: Record<string, string>) =>
    this.request<T>('GET', url, undefined, headers);
  post = <T = Record<string, unknown>>(url: string, body: unknown = {}, headers?: Record<string, string>) =>
    this.request<T>('POST', url, body, headers);

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const expires = attributes.find((a) => a.toLowerCase().startsWith('expires='));
    const maxAge = attributes.find((a) => a.toLowerCase().startsWith('max-age='));
    const gone =
      value === '' ||
      (maxAge !== undefined && Number(maxAge.split('=')[1]) <= 0) ||
      (expires !== undefined && Date.parse(expires.slice('expires='.length)) <= Date.now());
    if (gone) this.jar.delete(name);
    else this.jar.set(name, value);
  }
}
