import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { ChevronDownIcon, WrenchIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { StatusMessage, type Status } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts/toast-context';
import { fieldError, zodResolver } from '@/lib/forms';
import { useUpdateDevParams } from '../api/update-dev-params';
import {
  devParamsDefaults,
  devParamsFormSchema,
  toDevParamsRequest,
  type DevParamsFormOutput,
  type DevParamsFormValues,
} from '../utils/dev-params';

/** docs/product.md §9: the panel closes 1.5 s after a successful save. */
const CLOSE_AFTER_MS = 1500;

function DevParamsForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { t } = useTranslation('profile');
  const update = useUpdateDevParams();
  const [status, setStatus] = useState<Status | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DevParamsFormValues, unknown, DevParamsFormOutput>({
    resolver: zodResolver(devParamsFormSchema),
    defaultValues: devParamsDefaults(profile),
  });

  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      await update.mutateAsync(toDevParamsRequest(values));
      setStatus({ text: t('dev.saved'), tone: 'success' });
      onSaved();
    } catch {
      setStatus({ text: t('dev.error'), tone: 'error' });
    }
  });

  const number = (name: Exclude<keyof DevParamsFormValues, 'type'>, min: number, hint?: string) => (
    <TextField
      label={t(`dev.fields.${name}`)}
      type="number"
      inputMode="numeric"
      min={min}
      step={1}
      hint={hint}
      error={fieldError(errors[name]?.message)}
      {...register(name)}
    />
  );
  const typeOptions = (['basic', 'pro', 'free'] as const).map((v) => ({ value: v, label: t(`dev.types.${v}`) }));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <SelectField label={t('dev.fields.type')} options={typeOptions} error={fieldError(errors.type?.message)} {...register('type')} />
        {number('places', -1, t('dev.placesHint'))}
        {number('keywords', 0)}
        {number('credits', 0)}
        {number('subscriptionCredits', 0)}
        {number('extraCredits', 0)}
      </div>
      <p className="text-xs text-slate-500">{t('dev.numbersHint')}</p>
      <StatusMessage status={status} />
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting} disabled={isSubmitting || update.isSuccess} className="w-full sm:w-auto">
          {t('dev.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The development parameters (docs/product.md §2, docs/decisions.md §6): plan limits and credit balances for
 * trying the app out. The caller shows it only while developer tools are on; it says so.
 */
export function DevParamsPanel({ profile, extra }: { profile: Profile; extra?: ReactNode }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  const [closeSoon, setCloseSoon] = useState(0);
  const panelId = useId();
  const toast = useToast();

  // After a save the panel closes; the toast keeps the confirmation on screen a little longer.
  useEffect(() => {
    if (!closeSoon) return;
    const timer = window.setTimeout(() => {
      setOpen(false);
      toast({ type: 'success', message: t('dev.saved') });
    }, CLOSE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [closeSoon, toast, t]);

  return (
    <section className="rounded-2xl border border-dashed border-amber-300 bg-amber-50/40" data-testid="dev-params">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center justify-between gap-3 rounded-2xl px-5 py-4 text-left hover:bg-amber-50"
      >
        <span className="flex min-w-0 items-center gap-3">
          <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-700">
            <WrenchIcon className="h-4 w-4" />
          </span>
          <span className="min-w-0">
            <span className="block font-semibold text-slate-900">{t('dev.toggle')}</span>
            <span className="block text-xs text-slate-600">{t('dev.toggleHint')}</span>
          </span>
        </span>
        <span className="flex shrink-0 items-center gap-2">
          <span className="hidden rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-900 sm:inline">
            {t('dev.badge')}
          </span>
          <ChevronDownIcon className={`h-5 w-5 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`} />
        </span>
      </button>
      {open && (
        <div id={panelId} className="space-y-5 border-t border-dashed border-amber-300 px-5 py-5">
          <p role="note" className="rounded-lg bg-amber-100 px-3 py-2 text-sm font-medium text-amber-900">
            {t('dev.warning')}
          </p>
          <DevParamsForm profile={profile} onSaved={() => setCloseSoon((n) => n + 1)} />
          {extra}
        </div>
      )}
    </section>
  );
}
