import type {
  ListingDepositAccumulated,
  ListingDepositRanking,
  ListingDepositResponse,
  ListingResponse,
} from '@spreadscope/contracts';
import type { MarketEvent } from '@spreadscope/core';
import { createDepositRepository } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import { type EvmNode, startEvmNode } from '@spreadscope/feeds/testing/evm-node';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import type { CookieClient } from '../../test-support/cookie-client.ts';
import { aitListingNotice } from '../../test-support/listing-fixtures.ts';
import { forex, quote, T0 } from '../../test-support/test-server.ts';
import { depositConfigFrom } from './listing-deposit-config.ts';

const e18 = 10n ** 18n;
// Upbit's wallets as the operator lists them (any addresses do: a deposit is a transfer into them).
const HOT = '0x00000000000000000000000000000000000a0b01';
const COLD = '0x00000000000000000000000000000000000a0b02';

const notice = aitListingNotice();

/** The whole path: ERC-20 transfers on a real EVM node → the scanner → holder tiers → `listing/deposit*`. */
forEachDatabase('listing deposit tracker (live, read from a local EVM node)', (getDb) => {
  let node: EvmNode;
  let f: AccountsFixture;
  let starter: CookieClient;
  let ait = '';
  let other = '';
  let lookalike = '';
  let whale = '';
  let fish = '';
  let shrimp = '';

  beforeAll(async () => {
    // The chain's clock starts at the notice: a listing reads deposits from 3 h before it to a day after.
    node = await startEvmNode({ time: T0 });
    [, whale = '', shrimp = ''] = node.accounts;
    fish = node.account;
    ait = await node.deploy('TestToken', ['AIT Protocol', 'AIT', 18, 10_000_000n * e18]);
    // Not the listed token: another ticker, and a contract that calls itself AIT — neither is a deposit of AIT.
    other = await node.deploy('TestToken', ['Other', 'OTH', 18, 1_000_000n * e18]);
    lookalike = await node.deploy('TestToken', ['Fake AIT', 'AIT', 18, 1_000_000n * e18]);
    await node.send('TestToken', ait, 'transfer', [whale, 1_000_000n * e18]);
    await node.send('TestToken', ait, 'transfer', [shrimp, 1_000n * e18]);
    await node.send('TestToken', other, 'transfer', [whale, 1_000n * e18]);
    f = await startAccountsFixture(getDb(), {
      mode: 'live',
      listingDeposits: {
        startBlock: 0,
        config: depositConfigFrom({
          rpc: { local: node.url },
          networks: { local: 'ETH' },
          wallets: [
            { venue: 'upbit', chain: 'local', address: HOT, kind: 'hot' },
            { venue: 'upbit', chain: 'local', address: COLD, kind: 'cold' },
          ],
          // The operator names AIT's contract: the look-alike calling itself AIT is not counted.
          tokens: [
            {
              base: 'AIT',
              chain: 'local',
              contract: ait,
              decimals: 18,
              circulatingSupply: 2_000_000,
              maxSupply: 21_000_000,
            },
          ],
        }),
      },
    });
    // 1 AIT = 1 USDT abroad, 1 USDT = ₩1,400: a deposit is worth ₩1,400 a token.
    f.server.source.push(
      forex(T0, 1_400),
      quote(T0 + 1, 'upbit', 'USDT', 'KRW', 1_400),
      quote(T0 + 2, 'binance', 'AIT', 'USDT', 1.0),
      notice,
    );
    await vi.waitFor(
      async () => {
        const answer = await (await signedInUser(f, 'starter')).client.get<ListingResponse>(
          '/api/v1/front/listing',
        );
        expect(answer.body.data?.length).toBe(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    starter = (await signedInUser(f, 'starter')).client;
  }, 120_000);
  afterAll(async () => {
    await f?.close();
    await node?.close();
  });

  const deposits = async () =>
    (await starter.get<ListingDepositResponse>('/api/v1/front/listing/deposit?key=upbit-krw-ait')).body;

  it('records a transfer into the hot wallet as a deposit, valued in KRW and USD, with its holder tier', async () => {
    await node.send('TestToken', ait, 'transfer', [HOT, 100_000n * e18], whale); // ₩140M: whale
    await node.send('TestToken', ait, 'transfer', [COLD, 10_000n * e18], fish); // ₩14M: fish
    await node.send('TestToken', ait, 'transfer', [HOT, 100n * e18], shrimp); // ₩140k: shrimp
    await node.send('TestToken', other, 'transfer', [HOT, 500n * e18], whale);
    await node.send('TestToken', lookalike, 'transfer', [HOT, 500n * e18], fish);

    await vi.waitFor(async () => expect((await deposits()).data).toHaveLength(3), {
      timeout: 30_000,
      interval: 100,
    });
    const body = await deposits();
    expect(body).toMatchObject({ key: 'upbit-krw-ait', base: 'AIT', priceKrw: 1_400, simulated: false });
    const rows = body.data.map((d) => ({
      depositor: d.depositor,
      wallet: d.walletKind,
      amount: d.amount,
      krw: d.krw,
      usd: d.usd,
      tier: d.tier,
      network: d.network,
      contract: d.contract,
    }));
    // Newest first.
    expect(rows).toEqual([
      {
        depositor: shrimp,
        wallet: 'hot',
        amount: 100,
        krw: 140_000,
        usd: 100,
        tier: 'shrimp',
        network: 'ETH',
        contract: ait,
      },
      {
        depositor: fish,
        wallet: 'cold',
        amount: 10_000,
        krw: 14_000_000,
        usd: 10_000,
        tier: 'fish',
        network: 'ETH',
        contract: ait,
      },
      {
        depositor: whale,
        wallet: 'hot',
        amount: 100_000,
        krw: 140_000_000,
        usd: 100_000,
        tier: 'whale',
        network: 'ETH',
        contract: ait,
      },
    ]);
    expect(body.data[0]?.txId).toMatch(/^0x[0-9a-f]{64}$/);
    expect(body.data[0]?.contractVerified).toBe(true);
    expect(body.byTier.count).toEqual({ whale: 1, fish: 1, shrimp: 1, unknown: 0 });
    expect(body.total).toEqual({ amount: 110_100, krw: 154_140_000, count: 3 });
    expect(body.chains).toEqual([{ chain: 'local', state: 'live', lastError: null }]);

    // The dashboard: accumulated by tier, the ranking, the ratio of the circulating supply.
    const accumulated = await starter.get<ListingDepositAccumulated>(
      '/api/v1/front/listing/deposit/accumulated?key=upbit-krw-ait&interval=1h',
    );
    const last = accumulated.body.data.at(-1);
    expect(last).toMatchObject({ whale: 100_000, fish: 10_000, shrimp: 100, unknown: 0 });
    const ranking = await starter.get<ListingDepositRanking>(
      '/api/v1/front/listing/deposit/ranking?key=upbit-krw-ait',
    );
    expect(ranking.body.data.map((r) => [r.depositor, r.tier])).toEqual([
      [whale, 'whale'],
      [fish, 'fish'],
      [shrimp, 'shrimp'],
    ]);
    const ratio = await starter.get('/api/v1/front/listing/deposit/ratio?key=upbit-krw-ait');
    expect(ratio.body).toMatchObject({ deposited: 110_100, circulatingSupply: 2_000_000, simulated: false });
    expect(ratio.body.ratioPct).toBeCloseTo(5.505, 9);
  });

  it('drops a deposit a chain reorg took back', async () => {
    const snapshot = await node.snapshot();
    await node.send('TestToken', ait, 'transfer', [HOT, 50_000n * e18], whale);
    await vi.waitFor(async () => expect((await deposits()).data).toHaveLength(4), {
      timeout: 30_000,
      interval: 100,
    });
    await node.revert(snapshot);
    await node.increaseTime(5);
    await node.send('TestToken', ait, 'transfer', [HOT, 2n * e18], shrimp);
    await node.mine();
    await vi.waitFor(
      async () => expect((await deposits()).data.map((d) => d.amount)).toEqual([2, 100, 10_000, 100_000]),
      { timeout: 30_000, interval: 100 },
    );
  });

  it('counts the deposits of a day after the notice only: a later transfer is stored but not the listing’s', async () => {
    const repository = createDepositRepository(getDb());
    const stored = (await repository.transfers({ venue: 'upbit' })).length;
    await node.increaseTime(25 * 3_600);
    await node.send('TestToken', ait, 'transfer', [HOT, 7n * e18], shrimp);
    await node.mine();
    await vi.waitFor(
      async () => expect((await repository.transfers({ venue: 'upbit' })).length).toBe(stored + 1),
      { timeout: 30_000, interval: 100 },
    );
    const late = (await repository.transfers({ venue: 'upbit' })).at(-1);
    expect(late?.date).toBeGreaterThanOrEqual(T0 + 25 * 3_600_000);
    expect((await deposits()).data.map((d) => d.amount)).toEqual([2, 100, 10_000, 100_000]);
    const ratio = await starter.get('/api/v1/front/listing/deposit/ratio?key=upbit-krw-ait');
    expect(ratio.body).toMatchObject({ deposited: 110_102 });
  });

  it('shows the supply on the card (total from the contract) and the venues that lend the token, cheapest first', async () => {
    const borrow = (venue: string, vipLevel: string, hourlyRate: number, borrowable = true): MarketEvent => ({
      t: T0 + 10,
      type: 'borrow',
      venue,
      asset: 'AIT',
      marginType: 'cross',
      vipLevel,
      hourlyRate,
      borrowLimit: 50_000,
      borrowable,
    });
    f.server.source.push(
      // Bybit's base level is its first; its VIP rate is cheaper but not what a new account pays.
      borrow('bybit', 'No VIP', 0.00002),
      borrow('bybit', 'VIP-1', 0.000001),
      borrow('binance', 'VIP0', 0.00001),
      borrow('okx', 'Lv1', 0.000005, false),
    );
    await vi.waitFor(
      async () => {
        const card = (await starter.get<ListingResponse>('/api/v1/front/listing')).body.data[0];
        expect(card?.supply).toEqual({
          total: 10_000_000,
          circulating: 2_000_000,
          max: 21_000_000,
          lockedPct: 80,
        });
        expect(card?.borrow.map((b) => [b.exchange, b.annualRate])).toEqual([
          ['binance', 0.00001 * 8_760],
          ['bybit', 0.00002 * 8_760],
        ]);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it('answers bad input with a 4xx naming the parameter, and visitors with 401', async () => {
    const bad = await starter.get('/api/v1/front/listing/deposit?key=UPBIT-KRW-AIT');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('key');
    const unknown = await starter.get('/api/v1/front/listing/deposit?key=upbit-krw-nope');
    expect(unknown.status).toBe(404);
    expect((await starter.get('/api/v1/front/listing/deposit?key=upbit-krw-ait&limit=0')).status).toBe(400);
    expect((await starter.get('/api/v1/front/listing/deposit')).status).toBe(400);
    expect(
      (await starter.get('/api/v1/front/listing/deposit/accumulated?key=upbit-krw-ait&interval=2m')).status,
    ).toBe(400);
    expect((await f.client('en').get('/api/v1/front/listing/deposit?key=upbit-krw-ait')).status).toBe(401);
    const free = (await signedInUser(f, 'free')).client;
    expect((await free.get('/api/v1/front/listing/deposit/ranking?key=upbit-krw-ait')).status).toBe(403);
  });
});
