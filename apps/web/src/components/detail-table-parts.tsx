import type { ReactNode } from 'react';

/**
 * The detail pages' tables on a phone keep a few columns and tuck the rest under them in small type: a figure
 * shown only there (PhoneSub), and the header of a column shown only on wider screens (WideTh). The CSS of
 * `detail-table` decides which is visible at which width.
 */
export function PhoneSub({ children, num = false }: { children: ReactNode; num?: boolean }) {
  return <span className={`detail-table__compact detail-table__sub${num ? ' num' : ''}`}>{children}</span>;
}

export function WideTh({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="detail-table__wide">
      {children}
    </th>
  );
}
