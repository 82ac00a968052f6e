import type { ReactNode } from 'react';

/** Title and lead line at the top of an auth card. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {children && <p className="mt-2 text-sm leading-relaxed text-slate-600">{children}</p>}
    </header>
  );
}
