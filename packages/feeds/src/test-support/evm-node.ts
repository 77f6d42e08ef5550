import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import ganache from 'ganache';
import { type Abi, createWalletClient, type Hex, http, publicActions } from 'viem';

type Compiled = { contracts: Record<string, { abi: Abi; bytecode: Hex }> };
const read = (path: string): Compiled =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Compiled;
/**
 * The test pools compiled from dex-index/contracts/PoolEvents.sol and the ERC-20 from
 * deposit-track/contracts/TestToken.sol (regenerate each with its compile-contracts.mjs).
 */
const compiled: Compiled = {
  contracts: {
    ...read('../dex-index/contracts/pool-events.compiled.json').contracts,
    ...read('../deposit-track/contracts/test-token.compiled.json').contracts,
  },
};

export type TestContract =
  | 'UniswapV3PoolEvents'
  | 'PancakeV3PoolEvents'
  | 'UniswapV2PairEvents'
  | 'KlayswapPoolEvents'
  | 'WombatPoolEvents'
  | 'TestToken';

export interface EvmNodeOptions {
  /** The first block's time, ms (default now); the chain's clock runs on from it. */
  readonly time?: number;
}

/**
 * A real EVM node (ganache, in this process) on a loopback port, with unlocked accounts; every
 * transaction is mined into its own block at once.
 */
export async function startEvmNode(options: EvmNodeOptions = {}) {
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: 31337, ...(options.time === undefined ? {} : { time: new Date(options.time) }) },
    wallet: { deterministic: true, totalAccounts: 3 },
  });
  await server.listen(0, '127.0.0.1');
  const { port } = (server as unknown as { address(): AddressInfo }).address();
  const url = `http://127.0.0.1:${port}`;
  const client = createWalletClient({ transport: http(url) }).extend(publicActions);
  const accounts = await client.getAddresses();
  const [account] = accounts;
  if (!account) throw new Error('the node has no accounts');

  async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
    return (await client.request({ method, params } as never)) as T;
  }

  return {
    url,
    account: account.toLowerCase(),
    /** Every unlocked account (the first is `account`), lower case. */
    accounts: accounts.map((a) => a.toLowerCase()),
    client,
    async deploy(name: TestContract, args: readonly unknown[] = []): Promise<string> {
      const contract = compiled.contracts[name];
      if (!contract) throw new Error(`no compiled contract ${name}`);
      const hash = await client.deployContract({
        abi: contract.abi,
        bytecode: contract.bytecode,
        args,
        account,
        chain: null,
        gas: 3_000_000n,
      });
      const receipt = await client.waitForTransactionReceipt({ hash });
      const code = receipt.contractAddress
        ? await client.getCode({ address: receipt.contractAddress })
        : undefined;
      if (receipt.status !== 'success' || !receipt.contractAddress || !code)
        throw new Error(`${name} was not deployed`);
      return receipt.contractAddress.toLowerCase();
    },
    /** Sends one call as a transaction (from `from`, default the first account); resolves with its block number once mined. */
    async send(
      name: TestContract,
      address: string,
      functionName: string,
      args: readonly unknown[],
      from: string = account,
    ): Promise<number> {
      const contract = compiled.contracts[name];
      if (!contract) throw new Error(`no compiled contract ${name}`);
      const hash = await client.writeContract({
        address: address as Hex,
        abi: contract.abi,
        functionName,
        args,
        account: from as Hex,
        chain: null,
        gas: 1_000_000n,
      });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`${functionName} reverted`);
      return Number(receipt.blockNumber);
    },
    snapshot: () => rpc<string>('evm_snapshot'),
    revert: (id: string) => rpc<boolean>('evm_revert', [id]),
    /** Moves the clock of the next blocks forward. */
    increaseTime: (seconds: number) => rpc<number>('evm_increaseTime', [seconds]),
    mine: () => rpc<string>('evm_mine'),
    blockNumber: async () => Number(await client.getBlockNumber()),
    close: () => server.close(),
  };
}

export type EvmNode = Awaited<ReturnType<typeof startEvmNode>>;
