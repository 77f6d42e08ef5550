import { useCallback, useEffect, useRef } from 'react';

/**
 * A native modal <dialog>: it traps focus and closes on Escape by itself (UI.md); this adds closing on a
 * backdrop click and giving the focus back to whatever opened it.
 */
export function useModalDialog(onClosed?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const closed = useRef(onClosed);
  closed.current = onClosed;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      if (event.target === element) element.close();
    };
    const onClose = () => {
      opener.current?.focus();
      opener.current = null;
      closed.current?.();
    };
    element.addEventListener('click', onClick);
    element.addEventListener('close', onClose);
    return () => {
      element.removeEventListener('click', onClick);
      element.removeEventListener('close', onClose);
    };
  }, []);

  const open = useCallback(() => {
    const element = ref.current;
    if (!element || element.open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
  }, []);
  const close = useCallback(() => ref.current?.close(), []);
  return { ref, open, close };
}
