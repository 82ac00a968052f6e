import { useState, type FormEvent } from 'react';
import { SUPPORT_MESSAGE_MAX_LENGTH, type SupportThreadMessage, supportReplySchema } from '@rankmaps/shared/schemas/support';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/textarea-field';
import { translateValidation } from '@/lib/i18n';

export interface ThreadLabels {
  /** Who wrote a message, by author: «Tú» / «Soporte RankMaps» for the customer; the other way round for the operator. */
  author: Record<SupportThreadMessage['author'], string>;
  /** The list's accessible name. */
  list: string;
}

/**
 * A ticket's thread, oldest first. Message bodies are plain text drawn as React text nodes
 * (never as HTML), with their line breaks kept: script markup shows as the characters typed.
 */
export function TicketThread({ messages, labels, formatDate }: { messages: SupportThreadMessage[]; labels: ThreadLabels; formatDate: (iso: string) => string }) {
  return (
    <ol aria-label={labels.list} className="space-y-3" data-testid="ticket-thread">
      {messages.map((m, i) => (
        <li
          key={`${m.createdAt}-${i}`}
          data-author={m.author}
          className={`rounded-xl p-3 text-sm ring-1 ${m.author === 'operador' ? 'bg-brand-50 ring-brand-100' : 'bg-slate-50 ring-slate-200'}`}
        >
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-slate-600">
            <span className="font-semibold text-slate-800">{labels.author[m.author]}</span>
            <time dateTime={m.createdAt}>{formatDate(m.createdAt)}</time>
          </p>
          <p className="mt-1 break-words whitespace-pre-wrap text-slate-900">{m.body}</p>
        </li>
      ))}
    </ol>
  );
}

export interface ReplyLabels {
  field: string;
  submit: string;
  sending: string;
  counter: (count: number, max: number) => string;
  failed: string;
}

/** The reply box under a thread: plain text, 1–5000 characters once trimmed (the server's rule, from the same schema). */
export function ReplyBox({ onSend, labels, pending, extra }: { onSend: (body: string) => Promise<unknown>; labels: ReplyLabels; pending: boolean; extra?: React.ReactNode }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = supportReplySchema.safeParse({ body });
    if (!parsed.success) {
      setError(translateValidation(parsed.error.issues[0]?.message));
      return;
    }
    setError(undefined);
    try {
      await onSend(parsed.data.body);
      setBody('');
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : labels.failed);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
      <TextareaField
        label={labels.field}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        error={error}
        counter={labels.counter(body.length, SUPPORT_MESSAGE_MAX_LENGTH)}
        maxLength={SUPPORT_MESSAGE_MAX_LENGTH + 1000}
        className="[&_textarea]:min-h-24"
      />
      <div className="flex flex-wrap items-center gap-3">
        {extra}
        <Button type="submit" loading={pending}>
          {pending ? labels.sending : labels.submit}
        </Button>
      </div>
    </form>
  );
}
