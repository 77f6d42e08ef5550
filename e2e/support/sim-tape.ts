import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Simulator, TapeWriter } from '@spreadscope/feeds';

/**
 * A short market tape from the simulator. Replayed as fast as possible, it leaves the product in a fixed
 * state (the clock stops at the last event), so what a page shows can be compared with what the API says.
 */
export async function writeSimulatedTape(seconds: number, seed = 7): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'spreadscope-tape-')), 'market.ndjson');
  const start = Date.UTC(2026, 0, 5, 3, 0, 0);
  const simulator = new Simulator({ seed, startTime: start });
  const writer = await TapeWriter.open(path, { source: `e2e simulator seed ${seed}`, start });
  for (const event of simulator.advanceTo(start + seconds * 1000)) {
    if (!writer.write(event)) await writer.drained();
  }
  await writer.close();
  return path;
}
