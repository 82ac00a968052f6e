import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@rankmaps/shared/schemas/chat';
import { Button } from '@/components/ui/button';

interface ChatComposerProps {
  label: string;
  placeholder: string;
  /** How the keys work, read out with the box. */
  keysHint: string;
  sendLabel: string;
  tooLong: string;
  onSend: (body: string) => Promise<unknown>;
  onTyping: () => void;
  /** The error of the last send, already worded. */
  describeError: (error: unknown) => string;
  testId: string;
}

/** The reply box: Enter sends, Shift+Enter starts a new line; the text stays if sending fails. */
export function ChatComposer({ label, placeholder, keysHint, sendLabel, tooLong, onSend, onTyping, describeError, testId }: ChatComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  // The panel's history loads first: the box takes the focus when it appears.
  useEffect(() => {
    field.current?.focus();
  }, []);
  const trimmed = text.trim();
  const over = trimmed.length > CHAT_MESSAGE_MAX_LENGTH;

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!trimmed || over || sending) return;
    setSending(true);
    setError(null);
    try {
      await onSend(trimmed);
      setText('');
    } catch (err) {
      setError(describeError(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2" data-testid={testId}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          ref={field}
          data-autofocus
          rows={2}
          value={text}
          placeholder={placeholder}
          aria-invalid={over || undefined}
          aria-describedby={over || error ? `${id}-hint ${id}-error` : `${id}-hint`}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) onTyping();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
          className="min-w-0 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <Button type="submit" loading={sending} disabled={!trimmed || over || sending}>
          {sendLabel}
        </Button>
      </div>
      <p id={`${id}-hint`} className="sr-only">
        {keysHint}
      </p>
      {(over || error) && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {over ? tooLong : error}
        </p>
      )}
    </form>
  );
}
