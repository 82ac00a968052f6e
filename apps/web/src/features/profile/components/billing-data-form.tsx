import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { billingDataInputSchema, type BillingDataInput, type Profile } from '@rankmaps/shared/schemas/profile';
import { Button } from '@/components/ui/button';
import type { Status } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { fieldError, zodResolver } from '@/lib/forms';
import { useUpdateBillingData } from '../api/update-billing-data';
import { serverErrorOr } from './error-text';

type BillingType = 'personal' | 'business';

/** The stored billing data, or an empty form whose billing e-mail is the account's (docs/product.md §3). */
function billingDefaults(profile: Profile, defaultCountry: string): BillingDataInput {
  const b = profile.billingData;
  return {
    type: b?.type ?? 'personal',
    fiscalName: b?.fiscalName ?? '',
    taxId: b?.taxId ?? '',
    address: b?.address ?? '',
    postalCode: b?.postalCode ?? '',
    city: b?.city ?? '',
    province: b?.province ?? '',
    country: b?.country ?? defaultCountry,
    phone: b?.phone ?? '',
    email: b?.email || profile.email,
  };
}

/**
 * Billing data (docs/product.md §3, docs/product.md §5), checked by the shared schema the server uses. Personal and
 * business change the labels: 'Nombre Completo' / 'NIF/DNI' or 'Razón Social' / 'CIF'.
 */
export function BillingDataForm({ profile, onStatus }: { profile: Profile; onStatus: (status: Status | null) => void }) {
  const { t } = useTranslation('profile');
  const update = useUpdateBillingData();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<BillingDataInput>({
    resolver: zodResolver(billingDataInputSchema),
    defaultValues: billingDefaults(profile, t('billing.defaultCountry')),
  });
  const type: BillingType = useWatch({ control, name: 'type' }) === 'business' ? 'business' : 'personal';

  const onSubmit = handleSubmit(async (billingData) => {
    onStatus(null);
    try {
      await update.mutateAsync({ billingData });
      onStatus({ text: t('billing.saved'), tone: 'success' });
    } catch (err) {
      onStatus({ text: serverErrorOr(err, t('billing.error')), tone: 'error' });
    }
  });

  const err = (name: keyof BillingDataInput) => fieldError(errors[name]?.message);
  const types: BillingType[] = ['personal', 'business'];

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">{t('billing.type')}</legend>
        <div className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:inline-grid sm:min-w-80">
          {types.map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-lg px-4 py-2 text-center text-sm font-medium text-slate-600 transition has-checked:bg-white has-checked:text-brand-800 has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-500"
            >
              <input type="radio" value={value} className="sr-only" {...register('type')} />
              {t(`billing.types.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-5 @sm:grid-cols-2">
        <TextField
          label={t(`billing.fiscalName.${type}`)}
          autoComplete={type === 'business' ? 'organization' : 'name'}
          required
          error={err('fiscalName')}
          {...register('fiscalName')}
        />
        <TextField label={t(`billing.taxId.${type}`)} required autoCapitalize="characters" error={err('taxId')} {...register('taxId')} />
        <TextField
          label={t('billing.address')}
          autoComplete="street-address"
          required
          className="sm:col-span-2"
          error={err('address')}
          {...register('address')}
        />
        <TextField
          label={t('billing.postalCode')}
          autoComplete="postal-code"
          inputMode="numeric"
          required
          error={err('postalCode')}
          {...register('postalCode')}
        />
        <TextField label={t('billing.city')} autoComplete="address-level2" required error={err('city')} {...register('city')} />
        <TextField label={t('billing.province')} autoComplete="address-level1" required error={err('province')} {...register('province')} />
        <TextField label={t('billing.country')} autoComplete="country-name" required error={err('country')} {...register('country')} />
        <TextField
          label={t('billing.phone')}
          type="tel"
          autoComplete="tel"
          hint={t('billing.optional')}
          error={err('phone')}
          {...register('phone')}
        />
        <TextField
          label={t('billing.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          hint={t('billing.emailHint')}
          error={err('email')}
          {...register('email')}
        />
      </div>
      <div className="flex justify-end border-t border-slate-100 pt-5">
        <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
          {t('billing.save')}
        </Button>
      </div>
    </form>
  );
}
