import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';
import { loadSonner, markToasterMounted, subscribeToasterWanted, toasterWanted } from '../lib/toast.ts';

/** sonner's Toaster, fetched and mounted when the first toast is raised (lib/toast.ts). */
export function LazyToaster(props: ToasterProps) {
  const wanted = useSyncExternalStore(subscribeToasterWanted, toasterWanted, () => false);
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void loadSonner().then((sonner) => {
      if (live) setToaster(() => sonner.Toaster);
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  // A child's effects run before its parent's: by now sonner's Toaster has subscribed to new toasts.
  useEffect(() => {
    if (Toaster) markToasterMounted();
  }, [Toaster]);
  return Toaster ? <Toaster {...props} /> : null;
}
