import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl, getJson } from './api-client.ts';

describe('buildUrl', () => {
  it('drops empty values and encodes the rest', () => {
    expect(buildUrl('/premium', { source: 'upbit', search: '', minPremium: 0, page: undefined })).toBe(
      '/api/v1/front/premium?source=upbit&minPremium=0',
    );
    expect(buildUrl('/time')).toBe('/api/v1/front/time');
  });
});

describe('getJson', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the UI language and returns the body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ pong: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getJson('/ping', {}, 'en')).resolves.toEqual({ pong: true });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(new Headers(init.headers).get('Accept-Language')).toBe('en');
  });

  it("turns the server's error body into an ApiError with its localized message", async () => {
    const body = {
      error: 'invalid_parameter',
      message: '"minPremium" 값이 올바르지 않습니다',
      param: 'minPremium',
    };
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 400 }));
    const err = await getJson('/premium', {}, 'ko').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      code: 'invalid_parameter',
      status: 400,
      param: 'minPremium',
      message: body.message,
    });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    await expect(getJson('/premium', {}, 'ko')).rejects.toMatchObject({ code: 'network', status: null });
  });

  it('reports an unreadable answer', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 200 }));
    await expect(getJson('/premium', {}, 'ko')).rejects.toMatchObject({ code: 'bad_response' });
  });
});
