import { useState } from 'react';
import type { Review } from '@rankmaps/shared/schemas/reviews';
import { useTranslation } from 'react-i18next';
import { PlayIcon } from 'lucide-react';
import { Modal } from '@/components/ui/modal';

type Media = Review['media'][number];

/** A review's photos and videos as lazy thumbnails; a click or Enter opens one bigger. */
export function ReviewMedia({ media, reviewer }: { media: Media[]; reviewer: string }) {
  const { t } = useTranslation('reviews');
  const [open, setOpen] = useState<number | null>(null);
  const shown = open === null ? null : media[open];
  return (
    <>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('media.label')}>
        {media.map((m, i) => (
          <li key={`${m.url}-${i}`}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={t(m.kind === 'video' ? 'media.openVideo' : 'media.openPhoto', { n: i + 1, name: reviewer })}
              className="relative block h-20 w-20 overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200 hover:ring-brand-400"
            >
              {m.thumbnailUrl || m.kind === 'photo' ? (
                <img src={m.thumbnailUrl ?? m.url} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
              ) : null}
              {m.kind === 'video' && (
                <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center bg-slate-900/30 text-white">
                  <PlayIcon className="h-6 w-6" />
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {shown && (
        <Modal title={t('media.title', { name: reviewer })} closeLabel={t('media.close')} onClose={() => setOpen(null)} wide>
          {shown.kind === 'video' ? (
            <video src={shown.url} controls className="max-h-[70vh] w-full rounded-lg bg-black" />
          ) : (
            <img
              src={shown.url}
              alt={t('media.photoAlt', { n: (open ?? 0) + 1, name: reviewer })}
              className="max-h-[70vh] w-full rounded-lg object-contain"
            />
          )}
        </Modal>
      )}
    </>
  );
}
