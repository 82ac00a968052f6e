import { useEffect, useRef, useState } from 'react';
import type { Review } from '@rankmaps/shared/schemas/reviews';
import { useTranslation } from 'react-i18next';
import { ExternalLinkIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useToastedAction } from '@/components/ui/use-toasted-action';
import { formatMediumDate, formatMediumDateTime } from '@/lib/format';
import { useDeleteReply } from '../api/reviews';
import { replyStateTone } from '../utils/reviews-view';
import { ReviewMedia } from './review-media';
import { ReplyEditor } from './reply-editor';
import { Stars } from './stars';

interface ReviewCardProps {
  placeId: string;
  placeName: string;
  review: Review;
  /** The role may reply (packages/shared/src/permissions.ts 'reviews.reply'); a Cliente reads only. */
  canReply: boolean;
  /** The review a notification linked to: scrolled into view and ringed. */
  highlighted?: boolean;
  onManageTemplates: () => void;
}

/** One review: stars, who, when, the text, its photos, and the reply with Google's moderation state. */
export function ReviewCard({ placeId, placeName, review, canReply, highlighted = false, onManageTemplates }: ReviewCardProps) {
  const { t, i18n } = useTranslation('reviews');
  const lang = i18n.language;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteReply(placeId);
  const run = useToastedAction();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  const name = review.reviewer.anonymous || !review.reviewer.displayName ? t('anonymous') : review.reviewer.displayName;

  const onDelete = () =>
    void run({
      run: () => remove.mutateAsync(review.id),
      done: t('reply.deleted'),
      failed: t('reply.deleteFailed'),
      busy: setDeleting,
      confirm: {
        title: t('reply.deleteTitle'),
        message: t('reply.deleteBody', { name }),
        confirmLabel: t('reply.deleteConfirm'),
        cancelLabel: t('reply.cancel'),
        destructive: true,
      },
    });

  return (
    <article
      ref={ref}
      className={`rounded-2xl bg-white p-4 shadow-sm sm:p-5 ${highlighted ? 'ring-2 ring-brand-500' : 'ring-1 ring-slate-200'}`}
      aria-current={highlighted || undefined}
      aria-label={t('list.reviewLabel', { name, count: review.stars })}
      data-testid="review"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={review.stars} />
        <span className="font-medium text-slate-900">{name}</span>
        <time dateTime={review.createdAt} className="text-sm text-slate-600">
          {formatMediumDate(review.createdAt, lang)}
        </time>
      </header>
      {review.comment ? (
        <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{review.comment}</p>
      ) : (
        <p className="mt-2 text-sm text-slate-500 italic">{t('list.noComment')}</p>
      )}
      {review.media.length > 0 && <ReviewMedia media={review.media} reviewer={name} />}

      <div className="mt-4 border-t border-slate-100 pt-3">
        {editing ? (
          <ReplyEditor
            placeId={placeId}
            placeName={placeName}
            review={review}
            onDone={() => setEditing(false)}
            onManageTemplates={onManageTemplates}
          />
        ) : review.reply ? (
          <div className="rounded-xl bg-slate-50 p-3" data-testid="review-reply">
            <div className="flex flex-wrap items-center gap-2 text-xs">
              <span className="font-semibold text-slate-800">{t('reply.yours')}</span>
              <span
                className={`rounded-full px-2 py-0.5 font-medium ring-1 ${replyStateTone(review.reply.state)}`}
                data-testid="reply-state"
              >
                {t(`reply.state.${review.reply.state}`)}
              </span>
              <time dateTime={review.reply.updatedAt} className="text-slate-600">
                {formatMediumDateTime(review.reply.updatedAt, lang)}
              </time>
            </div>
            <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{review.reply.comment}</p>
            {review.reply.policyViolation && (
              <p className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800 ring-1 ring-red-200" data-testid="reply-violation">
                <span className="font-semibold">{t('reply.violation')}</span> {review.reply.policyViolation}
              </p>
            )}
            {canReply && (
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  className="py-1.5! text-sm"
                  onClick={() => setEditing(true)}
                  aria-label={t('reply.editLabel', { name })}
                >
                  {t('reply.edit')}
                </Button>
                <Button
                  variant="secondary"
                  className="py-1.5! text-sm text-red-700!"
                  onClick={onDelete}
                  loading={deleting}
                  aria-label={t('reply.deleteLabel', { name })}
                >
                  {t('reply.delete')}
                </Button>
              </div>
            )}
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-slate-600">{t('reply.none')}</span>
            {canReply && (
              <Button className="py-1.5! text-sm" onClick={() => setEditing(true)} aria-label={t('reply.replyLabel', { name })}>
                {t('reply.reply')}
              </Button>
            )}
          </div>
        )}
        {review.replyUrl && !editing && (
          <a
            href={review.replyUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-flex min-h-6 items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            {t('reply.onGoogle')}
            <ExternalLinkIcon aria-hidden="true" className="h-3.5 w-3.5" />
            <span className="sr-only">{t('newTab')}</span>
          </a>
        )}
      </div>
    </article>
  );
}
