// Regenerates pool-events.compiled.json from PoolEvents.sol with the solc package (a devDependency):
//   node packages/feeds/src/dex-index/contracts/compile-contracts.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const here = dirname(fileURLToPath(import.meta.url));
const source = readFileSync(join(here, 'PoolEvents.sol'), 'utf8');
const input = {
  language: 'Solidity',
  sources: { 'PoolEvents.sol': { content: source } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'paris',
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) {
  for (const e of errors) console.error(e.formattedMessage);
  process.exit(1);
}
const contracts = {};
for (const [name, contract] of Object.entries(output.contracts['PoolEvents.sol'])) {
  contracts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}
const compiled = { compiler: solc.version(), contracts };
writeFileSync(join(here, 'pool-events.compiled.json'), `${JSON.stringify(compiled, null, 2)}\n`);
console.log(`compiled ${Object.keys(contracts).join(', ')} with solc ${solc.version()}`);
