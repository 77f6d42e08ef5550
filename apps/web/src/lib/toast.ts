import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Sonner = typeof import('sonner');
type Message = Parameters<typeof sonnerToast>[0];

/**
 * sonner (≈ 8.5 KB brotli) is fetched by the first toast, not with every page: most visits raise none. The
 * toaster (components/lazy-toaster.tsx) mounts on that first toast, and the toast waits for it instead of
 * being lost (sonner shows only toasts raised while a Toaster listens).
 */
let sonner: Promise<Sonner> | undefined;
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

let wanted = false;
const listeners = new Set<() => void>();
/** For useSyncExternalStore: whether any toast has been raised yet. */
export function toasterWanted(): boolean {
  return wanted;
}
export function subscribeToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let toasterMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});
/** Called by the toaster once sonner's Toaster has mounted and subscribed. */
export function markToasterMounted(): void {
  toasterMounted();
}

function raise(kind?: 'success' | 'error' | 'info') {
  return (message: Message, options?: ExternalToast): void => {
    if (!wanted) {
      wanted = true;
      for (const listener of listeners) listener();
    }
    void Promise.all([loadSonner(), mounted]).then(([{ toast }]) => {
      if (kind) toast[kind](message, options);
      else toast(message, options);
    });
  };
}

/** sonner's toast, for the calls this app makes; each is shown once the toaster is there. */
export const toast = Object.assign(raise(), {
  success: raise('success'),
  error: raise('error'),
  info: raise('info'),
});
