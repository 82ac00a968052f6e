import type { ReactNode } from 'react';

/** A table's column header cells that differ only by their text, in order. */
export function ColumnHeaders({ labels, className }: { labels: ReactNode[]; className: string }) {
  return labels.map((label, i) => (
    <th key={i} scope="col" className={className}>
      {label}
    </th>
  ));
}
