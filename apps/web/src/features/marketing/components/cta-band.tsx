import type { ReactNode } from 'react';

/** The closing call to action of a page: a brand-coloured panel with its buttons. */
export function CtaBand({
  id,
  title,
  body,
  note,
  children,
}: {
  id: string;
  title: string;
  body: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="px-4 pt-8 pb-16 sm:px-6 sm:pt-12 sm:pb-24 lg:px-8">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-linear-to-br from-brand-700 via-brand-800 to-slate-900 px-6 py-14 text-center shadow-2xl sm:px-12 sm:py-16">
        <div aria-hidden="true" className="absolute -top-24 -right-16 -z-10 h-72 w-72 rounded-full bg-cyan-400/30 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-28 -left-10 -z-10 h-72 w-72 rounded-full bg-brand-400/30 blur-3xl" />
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 opacity-30"
          style={{
            backgroundImage: 'radial-gradient(circle at 1px 1px, rgb(255 255 255 / 0.35) 1px, transparent 0)',
            backgroundSize: '22px 22px',
          }}
        />
        <h2 id={id} className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-brand-100">{body}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
        {note && <p className="mt-6 text-sm text-brand-200">{note}</p>}
      </div>
    </section>
  );
}
