import type { WebSocket } from 'ws';
import type { Bus } from '../../../bus/bus.ts';

/** The bus topic a toast travels on to every API process, each of which holds some of the user's tabs. */
export const TOAST_TOPIC = 'spreadscope:notify:toast';

/** Tabs one user may hold open on this channel (each tab opens one socket). */
const MAX_SOCKETS_PER_USER = 20;

/**
 * The signed-in user's open tabs, by user: the per-user WebSocket (`/api/v1/ws/user`) registers here after
 * the session cookie was checked on upgrade. A toast goes to every tab of its user and to nobody else.
 */
export class UserSockets {
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private readonly unsubscribe: (() => void) | null;

  /** With a Redis bus, toasts published by another process (the ingest's dispatcher) reach these tabs too. */
  constructor(private readonly bus?: Bus) {
    this.unsubscribe =
      bus?.kind === 'redis'
        ? bus.subscribe(TOAST_TOPIC, (payload) => {
            const { userId, frame } = JSON.parse(payload) as { userId: string; frame: string };
            this.deliverHere(userId, frame);
          })
        : null;
  }

  attach(userId: string, socket: WebSocket): boolean {
    let sockets = this.byUser.get(userId);
    if (!sockets) {
      sockets = new Set();
      this.byUser.set(userId, sockets);
    }
    if (sockets.size >= MAX_SOCKETS_PER_USER) return false;
    sockets.add(socket);
    const detach = () => {
      sockets.delete(socket);
      if (sockets.size === 0 && this.byUser.get(userId) === sockets) this.byUser.delete(userId);
    };
    socket.on('close', detach);
    socket.on('error', detach);
    return true;
  }

  /**
   * Sends one frame to the user's tabs. In one process the answer is how many tabs got it; across processes
   * (Redis bus) it is published to all of them and the count is unknown (null).
   */
  deliver(userId: string, frame: string): number | null {
    if (this.bus?.kind === 'redis') {
      this.bus.publish(TOAST_TOPIC, JSON.stringify({ userId, frame }));
      return null;
    }
    return this.deliverHere(userId, frame);
  }

  tabs(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  close(): void {
    this.unsubscribe?.();
    for (const sockets of this.byUser.values())
      for (const socket of sockets) socket.close(1001, 'server stopping');
    this.byUser.clear();
  }

  private deliverHere(userId: string, frame: string): number {
    let count = 0;
    for (const socket of this.byUser.get(userId) ?? []) {
      if (socket.readyState !== socket.OPEN) continue;
      socket.send(frame);
      count += 1;
    }
    return count;
  }
}
