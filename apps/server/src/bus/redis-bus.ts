import { Redis } from 'ioredis';
import type { Bus } from './bus.ts';

/** Redis pub/sub needs a connection of its own for subscribing; publishing goes over a second one. */
export async function createRedisBus(url: string): Promise<Bus> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  await Promise.all([pub.connect(), sub.connect()]);
  const handlers = new Map<string, Set<(payload: string) => void>>();
  sub.on('message', (topic: string, payload: string) => {
    for (const handler of handlers.get(topic) ?? []) handler(payload);
  });
  return {
    kind: 'redis',
    publish(topic, payload) {
      pub.publish(topic, payload).catch(() => {
        // A dropped notification is recovered by the next tick; ioredis reconnects on its own.
      });
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
        void sub.subscribe(topic);
      }
      set.add(handler);
      return () => {
        set.delete(handler);
        if (set.size === 0) {
          handlers.delete(topic);
          void sub.unsubscribe(topic);
        }
      };
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
