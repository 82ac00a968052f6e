import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;
// Sentence punctuation right after a URL belongs to the sentence, not the link.
const TRAILING = /[.,;:!?)\]]+$/;

/** Plain text with every http(s) URL turned into a link; whitespace is preserved. */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-700">
      {parts.map((part, i) => {
        if (i % 2 === 0) return <Fragment key={i}>{part}</Fragment>;
        const tail = TRAILING.exec(part)?.[0] ?? '';
        const href = tail ? part.slice(0, -tail.length) : part;
        return (
          <Fragment key={i}>
            <a href={href} className="break-all font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              {href}
            </a>
            {tail}
          </Fragment>
        );
      })}
    </p>
  );
}
