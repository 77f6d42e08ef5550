import { type ReactNode, useEffect, useId, useRef } from 'react';

/** A native modal <dialog>: focus is trapped and Escape closes it (UI.md); `onClose` hears both. */
export function Modal({
  title,
  onClose,
  children,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (!element.open) element.showModal();
    const closed = () => onClose();
    element.addEventListener('close', closed);
    return () => element.removeEventListener('close', closed);
  }, [onClose]);
  return (
    <dialog ref={ref} className="billing-modal" aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}
