import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import { kimchiAlert } from '../../test-support/alert-fixtures.ts';

forEachDatabase('alerts over HTTP', (getDb) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb());
  });
  afterAll(() => fx.close());

  it('asks visitors to sign in', async () => {
    const visitor = fx.client('ko');
    for (const [method, url] of [
      ['GET', '/api/v1/alerts'],
      ['POST', '/api/v1/alerts'],
      ['GET', '/api/v1/alerts/history'],
      ['POST', '/api/v1/alerts/backtest'],
    ] as const) {
      const answer = await visitor.request(method, url, method === 'POST' ? kimchiAlert() : undefined);
      expect(answer.status, url).toBe(401);
    }
  });

  it('creates, reads, changes, pauses and deletes an alert', async () => {
    const { client } = await signedInUser(fx, 'pro');
    const created = await client.post('/api/v1/alerts', kimchiAlert());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      tokens: ['BTC'],
      status: 'active',
      active: true,
      triggerCount: 0,
      lastTriggeredAt: null,
    });
    const id = created.body.id as string;
    expect((await client.get(`/api/v1/alerts/${id}`)).body).toMatchObject({ id, name: 'BTC 김프 3%' });

    const changed = await client.request('PATCH', `/api/v1/alerts/${id}`, { threshold: 4, name: 'BTC 4%' });
    expect(changed.status).toBe(200);
    // Fields left out of the PATCH keep their values.
    expect(changed.body).toMatchObject({ threshold: 4, name: 'BTC 4%', exchanges: ['upbit', 'binance'] });

    const paused = await client.request('PATCH', `/api/v1/alerts/${id}`, { active: false });
    expect(paused.body).toMatchObject({ active: false, status: 'inactive' });
    const list = await client.get('/api/v1/alerts?status=inactive');
    expect((list.body.alerts as { id: string }[]).map((a) => a.id)).toEqual([id]);

    expect((await client.request('DELETE', `/api/v1/alerts/${id}`)).status).toBe(204);
    expect((await client.get(`/api/v1/alerts/${id}`)).status).toBe(404);
  });

  it('answers every broken rule of the form with 400, naming the field, in the spec’s words', async () => {
    const { client } = await signedInUser(fx, 'pro');
    const future = fx.clock.now() + 86_400_000;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ' }, 'name', 'Please enter an alert name.'],
      [{ message: '' }, 'message', 'Please enter an alert message.'],
      [{ strategy: undefined }, 'strategy', 'Please select a strategy.'],
      [{ tokens: [] }, 'tokens', 'Please select a token.'],
      [
        {
          strategy: 'single-funding',
          tokens: ['BTC', 'ETH'],
          dataType: 'funding-rate-percent',
          exchanges: ['binance'],
        },
        'tokens',
        'Only one token can be selected.',
      ],
      [{ exchanges: [] }, 'exchanges', 'Please select an exchange.'],
      [{ exchanges: ['upbit', 'upbit'] }, 'exchanges', 'Please select different exchanges.'],
      [{ direction: 'any', exchanges: ['upbit'] }, 'exchanges', 'Please select at least two exchanges.'],
      [
        { exchanges: ['upbit', 'binance', 'okx'] },
        'exchanges',
        'Please select exactly two exchanges when a direction is set.',
      ],
      [
        { strategy: 'single-funding', exchanges: ['upbit'], dataType: 'funding-rate-percent' },
        'exchanges',
        'Spot exchanges are not supported for this strategy.',
      ],
      [
        { strategy: 'premium-funding-gap', dataType: 'funding-gap-percent', exchanges: ['binance', 'bybit'] },
        'exchanges',
        'Funding gap needs perpetual markets on every selected exchange.',
      ],
      [
        {
          strategy: 'favorite-portfolio',
          dataType: 'funding-gap-percent',
          exchanges: ['upbit', 'bithumb'],
          premiumType: 'perp-perp',
        },
        'exchanges',
        'Funding gap needs perpetual markets on every selected exchange.',
      ],
      [{ dataType: undefined }, 'dataType', 'Please select a data type.'],
      [
        { dataType: 'funding-rate-percent' },
        'dataType',
        'This data type is not available for the chosen strategy.',
      ],
      [{ condition: undefined }, 'condition', 'Please select a trigger condition.'],
      [
        { condition: 'after-funding-distribution' },
        'condition',
        'This trigger condition does not apply to the chosen data type.',
      ],
      [{ threshold: null }, 'threshold', 'Please enter a threshold.'],
      [{ frequency: undefined }, 'frequency', 'Please select a trigger frequency.'],
      [{ interval: 0 }, 'interval', 'Enter an interval of at least 1 minute.'],
      [{ expiresAt: undefined }, 'expiresAt', 'Please select an expiry.'],
      [{ expiresAt: fx.clock.now() - 1000 }, 'expiresAt', 'Expiry must be later than now.'],
      [
        { channels: { telegram: false, toast: false, email: false } },
        'channels',
        'Please select at least one notification method (Telegram, toast or email).',
      ],
      [{ channels: { telegram: true } }, 'telegramChatId', 'Please enter your Telegram chat ID.'],
      [
        { channels: { telegram: true }, telegramChatId: 'my chat' },
        'telegramChatId',
        expect.stringContaining('/start') as unknown as string,
      ],
      [{ hysteresis: -1 }, 'hysteresis', 'The re-arm margin must be zero or more.'],
      [{ minVolumeSpot: -5 }, 'minVolumeSpot', 'Minimum volume must be zero or more.'],
      [
        { minDurationMinutes: -1 },
        'minDurationMinutes',
        'Minimum duration must be whole minutes, zero or more.',
      ],
      [
        { strategy: 'listing-arbitrage', listingExchanges: ['binance'] },
        'listingExchanges',
        'Please select a Korean exchange to watch for listings.',
      ],
    ];
    for (const [change, param, message] of cases) {
      const body = kimchiAlert({ expiresAt: future, ...change });
      for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
      const answer = await client.post('/api/v1/alerts', body);
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body, JSON.stringify(change)).toEqual({ error: 'invalid_alert', message, param });
    }
    // Wrong types and unknown fields are refused by the schema, also naming the field.
    const typed = await client.post('/api/v1/alerts', kimchiAlert({ threshold: 'three' }));
    expect(typed.status).toBe(400);
    expect(typed.body.param).toBe('threshold');
    expect((await client.post('/api/v1/alerts', kimchiAlert({ colour: 'red' }))).status).toBe(400);
    expect((await client.get('/api/v1/alerts')).body.count).toBe(0);
  });

  it('speaks Korean to a Korean caller', async () => {
    const { client } = await signedInUser(fx, 'pro', 'ko');
    const answer = await client.post('/api/v1/alerts', kimchiAlert({ tokens: [] }));
    expect(answer.body).toEqual({
      error: 'invalid_alert',
      message: '코인을 선택해 주세요.',
      param: 'tokens',
    });
  });

  it('keeps Free to one alert of one token, paid plans to ten (403 past the limit)', async () => {
    const free = await signedInUser(fx, 'free');
    const two = await free.client.post('/api/v1/alerts', kimchiAlert({ tokens: ['BTC', 'ETH'] }));
    expect(two.body).toMatchObject({ param: 'tokens', message: 'Only one token can be selected.' });
    expect((await free.client.post('/api/v1/alerts', kimchiAlert())).status).toBe(201);
    const second = await free.client.post('/api/v1/alerts', kimchiAlert());
    expect(second.status).toBe(403);
    expect(second.body).toEqual({
      error: 'limit_reached',
      message: 'The Free plan can keep 1 alert. Upgrade to keep up to 10.',
    });

    const pro = await signedInUser(fx, 'pro');
    const made = await Promise.all(
      Array.from({ length: 11 }, () =>
        pro.client.post('/api/v1/alerts', kimchiAlert({ tokens: ['BTC', 'ETH'] })),
      ),
    );
    expect(made.filter((a) => a.status === 201)).toHaveLength(10);
    expect(made.filter((a) => a.status === 403)).toHaveLength(1);
    expect((await pro.client.get('/api/v1/alerts')).body).toMatchObject({ count: 10, limit: 10 });
  });

  it('pauses all, restarts all inactive and deletes all inactive', async () => {
    const { client } = await signedInUser(fx, 'pro');
    for (let i = 0; i < 3; i++) await client.post('/api/v1/alerts', kimchiAlert({ name: `a${i}` }));
    const paused = await client.post('/api/v1/alerts/bulk', { action: 'pause-all' });
    expect(paused.body).toEqual({ affected: 3 });
    const restarted = await client.post('/api/v1/alerts/bulk', { action: 'restart-inactive' });
    expect(restarted.body).toEqual({ affected: 3 });
    const list = (await client.get('/api/v1/alerts')).body.alerts as { id: string }[];
    await client.request('PATCH', `/api/v1/alerts/${list[0]?.id}`, { active: false });
    const deleted = await client.post('/api/v1/alerts/bulk', { action: 'delete-inactive' });
    expect(deleted.body).toEqual({ affected: 1 });
    expect((await client.get('/api/v1/alerts')).body.count).toBe(2);
    expect((await client.post('/api/v1/alerts/bulk', { action: 'explode' })).status).toBe(400);
  });

  it('keeps one user’s alerts from another', async () => {
    const a = await signedInUser(fx, 'pro');
    const b = await signedInUser(fx, 'pro');
    const id = (await a.client.post('/api/v1/alerts', kimchiAlert())).body.id as string;
    expect((await b.client.get(`/api/v1/alerts/${id}`)).status).toBe(404);
    expect((await b.client.request('DELETE', `/api/v1/alerts/${id}`)).status).toBe(404);
    expect((await b.client.request('PATCH', `/api/v1/alerts/${id}`, { active: false })).status).toBe(404);
    expect((await a.client.get(`/api/v1/alerts/${id}`)).body.active).toBe(true);
  });

  it('says when there is no history to delete', async () => {
    const { client } = await signedInUser(fx, 'free');
    const answer = await client.request('DELETE', '/api/v1/alerts/history');
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe('There is no alert history to delete.');
  });

  it('is in the OpenAPI document', async () => {
    const doc = await fx.client().get('/api/docs/json');
    const paths = Object.keys(doc.body.paths as object);
    for (const p of [
      '/api/v1/alerts',
      '/api/v1/alerts/{id}',
      '/api/v1/alerts/bulk',
      '/api/v1/alerts/history',
      '/api/v1/alerts/backtest',
    ])
      expect(paths).toContain(p);
  });
});
