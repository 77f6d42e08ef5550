import { describe, expect, it } from 'vitest';
import type { Bus } from './bus.ts';
import { createMemoryBus } from './memory-bus.ts';
import { createRedisBus } from './redis-bus.ts';

const makers: Array<[string, () => Promise<Bus>]> = [['memory', async () => createMemoryBus()]];
const redisUrl = process.env.REDIS_URL;
if (redisUrl) makers.push(['redis', () => createRedisBus(redisUrl)]);

describe.each(makers)('%s bus', (_kind, make) => {
  it('delivers a published payload to every subscriber of the topic and to no other', async () => {
    const bus = await make();
    const topic = `test:${Math.random().toString(36).slice(2)}`;
    const got: string[] = [];
    const other: string[] = [];
    const both = new Promise<void>((resolve) => {
      bus.subscribe(topic, (p) => {
        got.push(`a:${p}`);
        if (got.length === 2) resolve();
      });
      bus.subscribe(topic, (p) => {
        got.push(`b:${p}`);
        if (got.length === 2) resolve();
      });
    });
    bus.subscribe(`${topic}:other`, (p) => other.push(p));
    // Redis confirms SUBSCRIBE asynchronously; give it a moment before publishing.
    await new Promise((r) => setTimeout(r, 100));
    bus.publish(topic, '{"version":1}');
    await both;
    expect(got.sort()).toEqual(['a:{"version":1}', 'b:{"version":1}']);
    expect(other).toEqual([]);
    await bus.close();
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = await make();
    const topic = `test:${Math.random().toString(36).slice(2)}`;
    const got: string[] = [];
    const stop = bus.subscribe(topic, (p) => got.push(p));
    await new Promise((r) => setTimeout(r, 100));
    stop();
    bus.publish(topic, 'late');
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual([]);
    await bus.close();
  });
});
