import { useState } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import type { FaqItem } from './faq-content';

/**
 * Questions as an accordion (WAI-ARIA pattern): each question is a button inside a heading,
 * with aria-expanded and aria-controls pointing at its answer. Several can be open at once.
 */
export function Accordion({ items, idPrefix, headingLevel = 3 }: { items: FaqItem[]; idPrefix: string; headingLevel?: 2 | 3 }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {items.map((item) => {
        const expanded = open.has(item.id);
        const buttonId = `${idPrefix}-${item.id}-q`;
        const panelId = `${idPrefix}-${item.id}-a`;
        return (
          <div key={item.id}>
            <Heading className="text-base">
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-6"
              >
                <span>{item.question}</span>
                <span
                  className={`inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full transition-transform ${expanded ? 'rotate-180 bg-brand-600 text-white' : 'bg-slate-100 text-slate-500'}`}
                >
                  <ChevronDownIcon className="h-4 w-4 shrink-0" />
                </span>
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-5 pb-5 text-sm leading-6 text-slate-600 sm:px-6 sm:text-[15px] sm:leading-7"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
