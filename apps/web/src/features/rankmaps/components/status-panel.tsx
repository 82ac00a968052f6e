import type { ReactNode } from 'react';

/** A white card with a title and a line of text: the states of an analysis that has no results to show. */
export function StatusPanel({ title, body, children }: { title: string; body?: string; children?: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {body && <p className="mt-1 text-sm text-slate-600">{body}</p>}
      {children}
    </section>
  );
}
