import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id?: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'left';
  /** The heading level; sections of a page use h2. */
  as?: 'h1' | 'h2';
}

export function SectionHeading({ id, eyebrow, title, children, align = 'center', as: Heading = 'h2' }: SectionHeadingProps) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-xl'}>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
      <Heading
        id={id}
        className={`mt-2 font-bold tracking-tight text-balance text-slate-900 ${Heading === 'h1' ? 'text-4xl sm:text-5xl' : 'text-3xl sm:text-4xl'}`}
      >
        {title}
      </Heading>
      {children && <div className="mt-4 text-lg leading-8 text-pretty text-slate-600">{children}</div>}
    </div>
  );
}
