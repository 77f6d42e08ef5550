import type { FetchLike } from '../live/http-seam.ts';
import { fetchJsonWith, isRecord } from '../venues/http-json.ts';
import type { RpcLog } from './decode-logs.ts';
import type { BlockRef } from './dex-types.ts';

export interface RpcBlock extends BlockRef {
  readonly parentHash: string;
  /** ms */
  readonly time: number;
}

export interface LogFilter {
  readonly address: readonly string[];
  readonly topics: readonly string[];
  readonly fromBlock: number;
  readonly toBlock: number;
}

/** A JSON-RPC error answer, kept apart from transport failures so a too-wide log range can be narrowed. */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    message: string,
    readonly code: number | undefined,
  ) {
    super(message);
  }
}

const hex = (n: number): string => `0x${n.toString(16)}`;

const SENDERS_PER_BATCH = 500;

/**
 * The few chain-node calls the indexer makes, over plain JSON-RPC on the project's fetch (timeouts and
 * plain-word failures come from fetchJsonWith). Block headers go in one batch request.
 */
export class JsonRpc {
  private nextId = 1;

  constructor(
    readonly url: string,
    private readonly fetchFn: FetchLike = fetch,
    private readonly timeoutMs = 20_000,
  ) {}

  async blockNumber(signal?: AbortSignal): Promise<number> {
    return Number(BigInt(asString(await this.call('eth_blockNumber', [], signal), 'block number')));
  }

  async logs(filter: LogFilter, signal?: AbortSignal): Promise<RpcLog[]> {
    const result = await this.call(
      'eth_getLogs',
      [
        {
          address: filter.address,
          topics: [filter.topics],
          fromBlock: hex(filter.fromBlock),
          toBlock: hex(filter.toBlock),
        },
      ],
      signal,
    );
    if (!Array.isArray(result)) throw new Error('eth_getLogs did not answer a list');
    return result.filter(isLog);
  }

  /** Headers of the given blocks, in one batch; a block the node does not have is an error. */
  async blocks(numbers: readonly number[], signal?: AbortSignal): Promise<RpcBlock[]> {
    const found = await this.blocksIfAny(numbers, signal);
    return found.map((block, i) => {
      if (block === null) throw new Error(`the chain node has no block ${numbers[i]}`);
      return block;
    });
  }

  /** Headers of the given blocks, null where the node has none (a chain shortened by a reorg). */
  async blocksIfAny(numbers: readonly number[], signal?: AbortSignal): Promise<(RpcBlock | null)[]> {
    if (numbers.length === 0) return [];
    const answers = await this.batch(
      numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [hex(n), false] })),
      signal,
    );
    return answers.map((answer) => {
      if (!isRecord(answer)) return null;
      return {
        number: Number(BigInt(asString(answer.number, 'block number'))),
        hash: asString(answer.hash, 'block hash').toLowerCase(),
        parentHash: asString(answer.parentHash, 'parent hash').toLowerCase(),
        time: Number(BigInt(asString(answer.timestamp, 'block time'))) * 1000,
      };
    });
  }

  /**
   * The account that sent each transaction (its `from`), by lower-case hash; a transaction the node does
   * not know is left out. Batched in slices, as hosted nodes cap a batch's length.
   */
  async transactionSenders(hashes: readonly string[], signal?: AbortSignal): Promise<Map<string, string>> {
    const senders = new Map<string, string>();
    for (let i = 0; i < hashes.length; i += SENDERS_PER_BATCH) {
      const slice = hashes.slice(i, i + SENDERS_PER_BATCH);
      const answers = await this.batch(
        slice.map((hash) => ({ method: 'eth_getTransactionByHash', params: [hash] })),
        signal,
      );
      answers.forEach((answer, j) => {
        if (isRecord(answer) && typeof answer.from === 'string')
          senders.set((slice[j] as string).toLowerCase(), answer.from.toLowerCase());
      });
    }
    return senders;
  }

  async call(method: string, params: unknown[], signal?: AbortSignal): Promise<unknown> {
    const [result] = await this.batch([{ method, params }], signal, false);
    return result;
  }

  private async batch(
    calls: readonly { method: string; params: unknown[] }[],
    signal: AbortSignal | undefined,
    asBatch = true,
  ): Promise<unknown[]> {
    const first = this.nextId;
    this.nextId += calls.length;
    const requests = calls.map((c, i) => ({ jsonrpc: '2.0', id: first + i, ...c }));
    const body = await fetchJsonWith(this.fetchFn, this.url, this.timeoutMs, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(asBatch ? requests : requests[0]),
      ...(signal ? { signal } : {}),
    });
    const answers = new Map<unknown, Record<string, unknown>>();
    for (const a of Array.isArray(body) ? body : [body]) if (isRecord(a)) answers.set(a.id, a);
    return requests.map((request) => {
      const answer = answers.get(request.id);
      if (!isRecord(answer)) throw new Error(`the chain node did not answer ${request.method}`);
      if (isRecord(answer.error)) {
        const code = typeof answer.error.code === 'number' ? answer.error.code : undefined;
        throw new RpcError(`${request.method}: ${String(answer.error.message ?? 'failed')}`, code);
      }
      return answer.result;
    });
  }
}

function asString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new Error(`the chain node sent no ${what}`);
  return value;
}

function isLog(value: unknown): value is RpcLog {
  return (
    isRecord(value) &&
    typeof value.address === 'string' &&
    Array.isArray(value.topics) &&
    typeof value.data === 'string' &&
    typeof value.blockNumber === 'string' &&
    typeof value.blockHash === 'string' &&
    typeof value.transactionHash === 'string' &&
    typeof value.logIndex === 'string'
  );
}
