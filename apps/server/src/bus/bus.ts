/**
 * Moves small notifications between the parts of the product: in one process through memory, across processes
 * through Redis pub/sub. Payloads are strings so both carry the same bytes.
 */
export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(topic: string, payload: string): void;
  subscribe(topic: string, handler: (payload: string) => void): () => void;
  close(): Promise<void>;
}

export const BUS_TOPICS = {
  /** The market state changed; payload `{"version":n,"at":ms}`. Drives real-time WebSocket pushes. */
  marketTick: 'spreadscope:market:tick',
} as const;
