import { useContext, useSyncExternalStore } from 'react';
import { SocketContext } from '../app/contexts.ts';
import type { ConnectionState, PremiumSocket } from '../lib/premium-socket.ts';

const IDLE: ConnectionState = { status: 'idle', retryAt: null, lastError: null };

export function usePremiumSocket(): PremiumSocket {
  const socket = useContext(SocketContext);
  if (!socket) throw new Error('usePremiumSocket needs a SocketContext provider');
  return socket;
}

/** The shared socket's state for status displays; idle when no provider is mounted. */
export function useConnectionState(): ConnectionState {
  const socket = useContext(SocketContext);
  return useSyncExternalStore(
    socket?.onStateChange ?? noopSubscribe,
    socket?.getState ?? idleState,
    socket?.getState ?? idleState,
  );
}

const noopSubscribe = () => () => {};
const idleState = () => IDLE;
