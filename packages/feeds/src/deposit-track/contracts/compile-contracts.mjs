// Regenerates test-token.compiled.json from TestToken.sol with the solc package (a devDependency):
//   node packages/feeds/src/deposit-track/contracts/compile-contracts.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const here = dirname(fileURLToPath(import.meta.url));
const source = readFileSync(join(here, 'TestToken.sol'), 'utf8');
const input = {
  language: 'Solidity',
  sources: { 'TestToken.sol': { content: source } },
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
for (const [name, contract] of Object.entries(output.contracts['TestToken.sol'])) {
  contracts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}
const compiled = { compiler: solc.version(), contracts };
writeFileSync(join(here, 'test-token.compiled.json'), `${JSON.stringify(compiled, null, 2)}\n`);
console.log(`compiled ${Object.keys(contracts).join(', ')} with solc ${solc.version()}`);
