import type { WsEventTopic } from '@spreadscope/contracts';
import { type Frame, frame } from './frame-writer.ts';

/**
 * Members of the event topics (WS_EVENT_TOPICS: new announcements): no table, no snapshot, no interval;
 * each event is serialized and framed once and written to every member, through the hub's writer so slow
 * clients are handled as for tables. A connection joins a topic once however many of its subscription ids
 * name it.
 */
export class EventTopics<C> {
  /** topic → member → the subscription ids it holds on it */
  private readonly members = new Map<WsEventTopic, Map<C, Set<string>>>();

  constructor(private readonly write: (client: C, message: Frame) => void) {}

  join(client: C, id: string, topic: WsEventTopic): void {
    this.leave(client, id);
    let members = this.members.get(topic);
    if (!members) {
      members = new Map();
      this.members.set(topic, members);
    }
    let ids = members.get(client);
    if (!ids) {
      ids = new Set();
      members.set(client, ids);
    }
    ids.add(id);
  }

  leave(client: C, id: string): void {
    for (const members of this.members.values()) {
      const ids = members.get(client);
      if (!ids?.delete(id)) continue;
      if (ids.size === 0) members.delete(client);
    }
  }

  drop(client: C): void {
    for (const members of this.members.values()) members.delete(client);
  }

  count(topic: WsEventTopic): number {
    return this.members.get(topic)?.size ?? 0;
  }

  broadcast(topic: WsEventTopic, data: unknown): void {
    const members = this.members.get(topic);
    if (!members || members.size === 0) return;
    const bytes = frame(JSON.stringify({ type: 'event', topic, data }));
    for (const client of members.keys()) this.write(client, bytes);
  }
}
