// The serving half of the recorded node (recorded-node.ts), run on its own thread: a real chain node is
// another process, so building its JSON answers and collecting their garbage must not be charged to the
// indexer being measured. Plain JavaScript: the worker needs no TypeScript loader.
import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { blocks, t0, logsOf } = workerData;
const hash = (n, salt = 0) => `0x${(n * 1_000 + salt).toString(16).padStart(64, '0')}`;
const hex = (n) => `0x${n.toString(16)}`;

function answer(request) {
  switch (request.method) {
    case 'eth_blockNumber':
      return { jsonrpc: '2.0', id: request.id, result: hex(blocks) };
    case 'eth_getLogs': {
      const filter = request.params[0];
      const result = [];
      for (let b = Number(filter.fromBlock); b <= Number(filter.toBlock); b++)
        for (const log of logsOf[b - 1] ?? []) result.push(log);
      return { jsonrpc: '2.0', id: request.id, result };
    }
    case 'eth_getBlockByNumber': {
      const n = Number(request.params[0]);
      const block =
        n > blocks
          ? null
          : {
              number: hex(n),
              hash: hash(n),
              parentHash: hash(n - 1),
              timestamp: hex(Math.floor(t0 / 1000) + n * 12),
            };
      return { jsonrpc: '2.0', id: request.id, result: block };
    }
    default:
      return { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'method not found' } };
  }
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const out = Array.isArray(body) ? body.map(answer) : answer(body);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
  });
});
// Idle sockets outlive the pauses between phases: a reset kept-alive socket is not what is measured.
server.keepAliveTimeout = 120_000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (message) => {
  if (message === 'close') server.close(() => process.exit(0));
});
