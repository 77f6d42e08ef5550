import { forEachDatabase } from '@spreadscope/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  signIn,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';

const FILTERS = '/api/v1/front/option/premium-filters';
const SHORTCUTS = '/api/v1/front/option/premium-shortcuts';
const CUSTOMIZE = '/api/v1/front/option/premium-customize';

interface Preset {
  id: string;
  name: string;
  filters: Record<string, string>;
  shortcut: number | null;
}

forEachDatabase('saved table views over HTTP', (getDb) => {
  let fx: AccountsFixture;
  beforeAll(async () => {
    fx = await startAccountsFixture(getDb());
  });
  afterAll(() => fx.close());

  it('keeps named filter presets on the account and opens them on another device', async () => {
    const { client, email } = await signedInUser(fx, 'free');
    const saved = await client.post(FILTERS, {
      table: 'premium',
      name: ' Big gaps ',
      filters: { minPremium: '3', hideLowVolume: '1' },
    });
    expect(saved.status).toBe(201);
    await client.post(FILTERS, { table: 'spot-perp', name: 'Funding', filters: { sort: 'funding' } });
    // The same name again replaces the filters instead of adding a second preset.
    const replaced = await client.post(FILTERS, {
      table: 'premium',
      name: 'Big gaps',
      filters: { minPremium: '5' },
    });
    expect(replaced.status).toBe(200);

    const laptop = fx.client();
    await signIn(laptop, email);
    const premium = await laptop.get(`${FILTERS}?table=premium`);
    expect(premium.status).toBe(200);
    expect(premium.body.presets).toMatchObject([{ name: 'Big gaps', filters: { minPremium: '5' } }]);
    expect(premium.body.limits).toEqual({ presets: 20, shortcuts: 5 });
    const arbitrage = await laptop.get(`${FILTERS}?table=spot-perp`);
    expect(arbitrage.body.presets).toMatchObject([{ name: 'Funding' }]);
  });

  it('keeps another user’s presets out of reach', async () => {
    const owner = await signedInUser(fx, 'free');
    const saved = await owner.client.post(FILTERS, { table: 'premium', name: 'Mine', filters: {} });
    const id = (saved.body.presets as Preset[])[0]?.id;
    const other = await signedInUser(fx, 'free');
    expect((await other.client.get(`${FILTERS}?table=premium`)).body.presets).toEqual([]);
    expect((await other.client.request('DELETE', `${FILTERS}/${id}?table=premium`)).status).toBe(404);
    expect((await other.client.request('PUT', SHORTCUTS, { table: 'premium', presetIds: [id] })).status).toBe(
      400,
    );
    expect((await owner.client.get(`${FILTERS}?table=premium`)).body.presets).toHaveLength(1);
  });

  it('holds 20 presets per table, says so in the user’s language, and takes more after a delete', async () => {
    const { client } = await signedInUser(fx, 'pro', 'ko');
    for (let i = 0; i < 20; i++) {
      const saved = await client.post(FILTERS, { table: 'premium', name: `p${i}`, filters: { q: `T${i}` } });
      expect(saved.status).toBe(201);
    }
    const over = await client.post(FILTERS, { table: 'premium', name: 'one more', filters: {} });
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(
      '필터는 표마다 최대 20개까지 저장할 수 있습니다. 하나를 지우고 다시 저장해 주세요.',
    );
    // Replacing an existing one is not a new preset; another table has its own 20.
    expect((await client.post(FILTERS, { table: 'premium', name: 'p3', filters: {} })).status).toBe(200);
    expect((await client.post(FILTERS, { table: 'perp-perp', name: 'x', filters: {} })).status).toBe(201);
    const list = (await client.get(`${FILTERS}?table=premium`)).body.presets as Preset[];
    const gone = list.find((p) => p.name === 'p7');
    const left = await client.request('DELETE', `${FILTERS}/${gone?.id}?table=premium`);
    expect(left.status).toBe(200);
    expect(left.body.presets).toHaveLength(19);
    expect((await client.post(FILTERS, { table: 'premium', name: 'one more', filters: {} })).status).toBe(
      201,
    );
  });

  it('keeps up to 5 one-click shortcuts in the order given; a deleted preset leaves the row', async () => {
    const { client } = await signedInUser(fx, 'free');
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const saved = await client.post(FILTERS, { table: 'premium', name, filters: { q: name } });
      ids.push((saved.body.presets as Preset[]).find((p) => p.name === name)?.id ?? '');
    }
    const row = await client.request('PUT', SHORTCUTS, { table: 'premium', presetIds: [ids[2], ids[0]] });
    expect(row.status).toBe(200);
    expect((row.body.shortcuts as Preset[]).map((p) => p.name)).toEqual(['c', 'a']);
    const six = await client.request('PUT', SHORTCUTS, { table: 'premium', presetIds: ids });
    expect(six.status).toBe(403);
    expect(six.body).toMatchObject({ error: 'limit_reached', param: 'presetIds' });

    await client.request('DELETE', `${FILTERS}/${ids[2]}?table=premium`);
    const after = await client.get(`${SHORTCUTS}?table=premium`);
    expect((after.body.shortcuts as Preset[]).map((p) => p.name)).toEqual(['a']);
  });

  it('reads and writes the column layout the settings hold', async () => {
    const { client } = await signedInUser(fx, 'free');
    expect((await client.get(`${CUSTOMIZE}?group=premium`)).body).toEqual({
      group: 'premium',
      columns: null,
    });
    const put = await client.request('PUT', CUSTOMIZE, { group: 'arbitrage', columns: ['volume', 'gap'] });
    expect(put.status).toBe(200);
    const settings = await client.get<{ preferences: { columns: unknown } }>('/api/v1/settings');
    expect(settings.body.preferences.columns).toEqual({
      arbitrage: ['volume', 'gap'],
    });
    expect((await client.get(`${CUSTOMIZE}?group=arbitrage`)).body.columns).toEqual(['volume', 'gap']);
  });

  it('answers bad input with 400 naming the parameter, and visitors with 401', async () => {
    const { client } = await signedInUser(fx, 'free');
    const table = await client.get(`${FILTERS}?table=funding`);
    expect(table.status).toBe(400);
    expect(table.body.param).toBe('table');
    const blank = await client.post(FILTERS, { table: 'premium', name: '   ', filters: {} });
    expect(blank.status).toBe(400);
    expect(blank.body.param).toBe('name');
    const key = await client.post(FILTERS, { table: 'premium', name: 'x', filters: { 'a b': '1' } });
    expect(key.status).toBe(400);
    expect(String(key.body.param)).toMatch(/^filters/);
    const group = await client.request('PUT', CUSTOMIZE, { group: 'funding', columns: null });
    expect(group.status).toBe(400);
    expect(group.body.param).toBe('group');
    const visitor = await fx.client('en').get(`${FILTERS}?table=premium`);
    expect(visitor.status).toBe(401);
    // A visitor is asked to sign in before being told the request is malformed.
    const visitorBad = await fx.client('en').get(`${FILTERS}?table=funding`);
    expect(visitorBad.status).toBe(401);
  });
});
