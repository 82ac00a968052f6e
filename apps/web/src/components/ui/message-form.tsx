import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from './button';
import { TextareaField } from './textarea-field';

/**
 * The parts every message form shares (contact, support), with texts alike in each namespace:
 * `form.message`, `form.messagePlaceholder`, `form.counter`, `form.sending` and `form.submit`.
 */
type FormTexts = (key: string, values?: Record<string, unknown>) => string;

/**
 * What a form knows of its `message` field: how to register it, its error and how long it is.
 * It is registered when the field renders, after the fields above it, so that a refused submit
 * focuses the first field with an error in the order a user reads them.
 */
export interface MessageFieldState {
  register: () => UseFormRegisterReturn;
  error: string | undefined;
  length: number;
}

/** The required message with its placeholder and «n / max caracteres» counter. */
export function MessageField({ t, message, rows, max }: { t: FormTexts; message: MessageFieldState; rows: number; max: number }) {
  return (
    <TextareaField
      label={t('form.message')}
      required
      rows={rows}
      placeholder={t('form.messagePlaceholder')}
      counter={t('form.counter', { count: message.length, max })}
      error={message.error}
      {...message.register()}
    />
  );
}

/** The form's last row: `note` (what protects it) and the submit button, «Enviando...» while it sends. */
export function MessageFormFooter({ t, note, sending }: { t: FormTexts; note: ReactNode; sending: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
      {note}
      <Button type="submit" loading={sending} className="w-full shrink-0 whitespace-nowrap sm:w-auto">
        {sending ? t('form.sending') : t('form.submit')}
      </Button>
    </div>
  );
}
