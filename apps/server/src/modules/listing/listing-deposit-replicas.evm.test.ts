import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ListingResponse } from '@spreadscope/contracts';
import { createDepositRepository } from '@spreadscope/db';
import { forEachDatabase } from '@spreadscope/db/testing';
import type { WalletTransfer } from '@spreadscope/feeds/deposit-track';
import { type EvmNode, startEvmNode } from '@spreadscope/feeds/testing/evm-node';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  type AccountsFixture,
  signedInUser,
  startAccountsFixture,
} from '../../test-support/accounts-fixture.ts';
import { aitListingNotice } from '../../test-support/listing-fixtures.ts';
import { forex, quote, T0 } from '../../test-support/test-server.ts';
import { type DepositConfig, depositConfigFrom } from './listing-deposit-config.ts';
import { type ListingDepositDeps, ListingDepositService } from './listing-deposit-service.ts';

const e18 = 10n ** 18n;
const HOT = '0x00000000000000000000000000000000000a0b01';
const silent = { info: () => {}, warn: () => {} };

const configFor = (url: string, ait: string): DepositConfig =>
  depositConfigFrom({
    rpc: { local: url },
    networks: { local: 'ETH' },
    wallets: [{ venue: 'upbit', chain: 'local', address: HOT, kind: 'hot' }],
    tokens: [{ base: 'AIT', chain: 'local', contract: ait, decimals: 18, circulatingSupply: 2_000_000 }],
  });

/**
 * Loopback JSON-RPC relay in front of the node that writes down which block each `eth_getLogs` starts at:
 * how the test sees where a restarted tracker resumes reading.
 */
async function recordingRelay(
  target: string,
): Promise<{ url: string; logsFrom: number[]; methods: string[]; close(): Promise<void> }> {
  const logsFrom: number[] = [];
  const methods: string[] = [];
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (p: Buffer) => parts.push(p));
    req.on('end', async () => {
      const body = Buffer.concat(parts).toString('utf8');
      const calls = [JSON.parse(body)].flat() as { method: string; params: [{ fromBlock?: string }] }[];
      for (const c of calls) methods.push(c.method);
      for (const c of calls)
        if (c.method === 'eth_getLogs') logsFrom.push(Number(BigInt(c.params[0].fromBlock ?? '0x0')));
      const answer = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    logsFrom,
    methods,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Issue 15, the production shape: the tracker's rows live in the database. A process with write=false (an API
 * replica) serves what the writer read and hears it live; a restarted writer keeps its deposits and resumes at
 * the stored cursor instead of reading the back-fill again.
 */
forEachDatabase('listing deposits shared through the database', (getDb) => {
  let node: EvmNode;
  let f: AccountsFixture;
  let ait = '';
  let whale = '';
  let shrimp = '';
  const others: ListingDepositService[] = [];

  const service = (over: Partial<ListingDepositDeps>) => {
    const s = new ListingDepositService({
      config: configFor(node.url, ait),
      listing: f.server.listing,
      mode: () => 'live',
      dataSource: () => f.server.marketApi.market.dataSource(),
      now: () => f.server.source.now(),
      seed: 7,
      repository: createDepositRepository(getDb()),
      write: false,
      logger: silent,
      pollMs: 50,
      followMs: 50,
      ...over,
    });
    others.push(s);
    return s;
  };
  const amounts = async (s: ListingDepositService) =>
    (await s.deposits('upbit-krw-ait', 50)).data.map((d) => d.amount);

  beforeAll(async () => {
    // The chain's clock starts at the notice: a listing reads deposits from 3 h before it to a day after.
    node = await startEvmNode({ time: T0 });
    [, whale = '', shrimp = ''] = node.accounts;
    ait = await node.deploy('TestToken', ['AIT Protocol', 'AIT', 18, 10_000_000n * e18]);
    await node.send('TestToken', ait, 'transfer', [whale, 1_000_000n * e18]);
    await node.send('TestToken', ait, 'transfer', [shrimp, 1_000n * e18]);
    // The fixture's server is the writer (ROLE=all): it reads the node into the database.
    f = await startAccountsFixture(getDb(), {
      mode: 'live',
      listingDeposits: { startBlock: 0, config: configFor(node.url, ait) },
    });
    f.server.source.push(
      forex(T0, 1_400),
      quote(T0 + 1, 'upbit', 'USDT', 'KRW', 1_400),
      quote(T0 + 2, 'binance', 'AIT', 'USDT', 1.0),
      aitListingNotice(),
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
  }, 120_000);
  afterAll(async () => {
    for (const s of others) await s.stop();
    await f?.close();
    await node?.close();
  });

  it('serves a deposit the writer read from a replica that reads no chain, and pushes it there live', async () => {
    const replica = service({ write: false });
    const heard: WalletTransfer[] = [];
    replica.store.onTransfers((rows) => heard.push(...rows));
    replica.start();
    expect(await amounts(replica)).toEqual([]);

    await node.send('TestToken', ait, 'transfer', [HOT, 100_000n * e18], whale);
    await vi.waitFor(async () => expect(await amounts(f.server.listingDeposits)).toEqual([100_000]), {
      timeout: 30_000,
      interval: 50,
    });
    const body = await replica.deposits('upbit-krw-ait', 50);
    expect(body.data.map((d) => ({ depositor: d.depositor, krw: d.krw, tier: d.tier }))).toEqual([
      { depositor: whale, krw: 140_000_000, tier: 'whale' },
    ]);
    // The replica has no scanner: the stored cursor, moved just now, says the chain is read.
    expect(body.chains).toEqual([{ chain: 'local', state: 'live', lastError: null }]);
    await vi.waitFor(() => expect(heard.map((t) => t.transactionHash)).toEqual([body.data[0]?.txId]), {
      timeout: 5_000,
      interval: 20,
    });
    expect((await replica.ratio('upbit-krw-ait')).deposited).toBe(100_000);
  });

  it('keeps the deposits over a restart and resumes at the stored cursor instead of reading them again', async () => {
    await f.server.listingDeposits.stop();
    const cursor = await createDepositRepository(getDb()).cursor('local');
    expect(cursor?.number).toBeGreaterThan(0);
    // Mined while no tracker runs: the restarted one must find it from where the last one stopped.
    await node.send('TestToken', ait, 'transfer', [HOT, 100n * e18], shrimp);

    const relay = await recordingRelay(node.url);
    try {
      // Asked to start at the genesis, as the first one was: the stored cursor wins.
      const restarted = service({ write: true, startBlock: 0, config: configFor(relay.url, ait) });
      expect(await amounts(restarted)).toEqual([100_000]);
      const heard: WalletTransfer[] = [];
      restarted.store.onTransfers((rows) => heard.push(...rows));
      restarted.start();
      await vi.waitFor(async () => expect(await amounts(restarted)).toEqual([100, 100_000]), {
        timeout: 30_000,
        interval: 50,
      });
      expect(relay.logsFrom[0]).toBe((cursor?.number ?? 0) + 1);
      expect(Math.min(...relay.logsFrom)).toBeGreaterThan(cursor?.number ?? 0);
      // Only the new deposit is stored and pushed: nothing already kept came round again.
      expect(heard.map((t) => t.from)).toEqual([shrimp]);
      expect(await createDepositRepository(getDb()).transfers({ chain: 'local' })).toHaveLength(2);
      await restarted.stop();
    } finally {
      await relay.close();
    }
  });

  it('leaves the chains to the active writer while this one stands by', async () => {
    const relay = await recordingRelay(node.url);
    try {
      let active = false;
      const standby = service({ write: true, config: configFor(relay.url, ait), active: () => active });
      standby.start();
      // The cards' supply is read by every process (eth_call); the chain's blocks and logs only by the active one.
      const scanning = () => relay.methods.filter((m) => m !== 'eth_call');
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(scanning()).toEqual([]);
      // It serves the stored deposits all the same.
      expect(await amounts(standby)).toEqual([100, 100_000]);
      active = true;
      await vi.waitFor(() => expect(scanning()).toContain('eth_blockNumber'), { timeout: 10_000 });
      await standby.stop();
    } finally {
      await relay.close();
    }
  });
});
