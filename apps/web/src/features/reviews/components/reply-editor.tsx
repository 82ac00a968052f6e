import { useId, useRef, useState } from 'react';
import { type Review, fillTemplate } from '@rankmaps/shared/schemas/reviews';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/textarea-field';
import { useApiErrorAlert } from '@/components/ui/alerts/use-api-error-alert';
import { apiErrorText } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useSaveReply } from '../api/reviews';
import { replyDraftState } from '../utils/reviews-view';
import { TemplateMenu } from './template-menu';

interface ReplyEditorProps {
  placeId: string;
  placeName: string;
  review: Review;
  onDone: () => void;
  onManageTemplates: () => void;
}

/**
 * Writes or edits a reply: the text with its counter to Google's limit, «Usar plantilla» to
 * start from a template (placeholders filled), and the server's refusal in its Spanish words.
 */
export function ReplyEditor({ placeId, placeName, review, onDone, onManageTemplates }: ReplyEditorProps) {
  const { t, i18n } = useTranslation('reviews');
  const [text, setText] = useState(review.reply?.comment ?? '');
  const save = useSaveReply(placeId);
  const showApiAlert = useApiErrorAlert();
  const area = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const draft = replyDraftState(text);
  const reviewer = review.reviewer.anonymous ? null : review.reviewer.displayName;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!draft.sendable) return;
    try {
      await save.mutateAsync({ reviewId: review.id, comment: text });
      onDone();
    } catch (err) {
      // A plan that does not include replies opens the upgrade alert; any other refusal shows under the field.
      if (showApiAlert(err)) save.reset();
    }
  };

  const error = draft.tooLong
    ? t('reply.tooLong', { max: formatCount(draft.max, i18n.language) })
    : save.isError
      ? apiErrorText(save.error, t('reply.failed'))
      : undefined;
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="space-y-3"
      data-testid="reply-editor"
      aria-label={t('reply.formLabel', { name: reviewer ?? t('anonymous') })}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-700">{review.reply ? t('reply.editTitle') : t('reply.newTitle')}</span>
        <TemplateMenu
          onPick={(template) => {
            setText(fillTemplate(template.text, { reviewer, business: placeName }));
            save.reset();
            area.current?.focus();
          }}
          onManage={onManageTemplates}
        />
      </div>
      <TextareaField
        ref={area}
        id={id}
        label={t('reply.label')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          // A refusal speaks of the text that was sent: it goes once the text changes.
          if (save.isError) save.reset();
        }}
        rows={4}
        className="[&_textarea]:min-h-28"
        counter={t('reply.counter', { length: formatCount(draft.length, i18n.language), max: formatCount(draft.max, i18n.language) })}
        error={error}
        autoFocus
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          {t('reply.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending} disabled={!draft.sendable || save.isPending}>
          {review.reply ? t('reply.saveEdit') : t('reply.send')}
        </Button>
      </div>
    </form>
  );
}
