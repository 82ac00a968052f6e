import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm, useWatch } from 'react-hook-form';
import type { MessageFieldState } from '@/components/ui/message-form';
import { fieldError } from './forms';
import { useCaptchaSubmit } from './use-captcha-submit';

/**
 * A captcha-protected form with a free-text `message` (contact, support): react-hook-form with
 * `resolver`, sent through `useCaptchaSubmit` and cleared back to `empty` once sent. `message`
 * is what `MessageField` shows.
 */
export function useCaptchaForm<TInput extends FieldValues & { message: string }, TOutput>(
  resolver: Resolver<TInput, unknown, TOutput>,
  empty: TInput,
  send: (values: TOutput) => Promise<unknown>,
) {
  const form = useForm<TInput, unknown, TOutput>({ resolver, defaultValues: empty as DefaultValues<TInput> });
  const messagePath = 'message' as Path<TInput>;
  const typed = useWatch({ control: form.control, name: messagePath }) as string;
  const { config, sentOnce, submit, warmUp } = useCaptchaSubmit(send, () => form.reset(empty));
  const errors = form.formState.errors;
  const message: MessageFieldState = { register: () => form.register(messagePath), error: fieldError(errors.message?.message as string | undefined), length: typed.length };
  return { register: form.register, errors, message, config, sentOnce, warmUp, onSubmit: form.handleSubmit(submit) };
}
