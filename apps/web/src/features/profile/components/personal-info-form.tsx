import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AGE_MAX, AGE_MIN, GENDERS, profileFormSchema, type Profile, type ProfileFormValues } from '@rankmaps/shared/schemas/profile';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import type { Status } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { fieldError, zodResolver } from '@/lib/forms';
import { useDeleteProfilePicture } from '../api/delete-profile-picture';
import { useUpdateProfile } from '../api/update-profile';
import { buildProfileFormData, personalDefaults } from '../utils/profile-form-data';
import { serverErrorOr } from './error-text';
import { PhotoUpload } from './photo-upload';

/**
 * Personal information (docs/product.md §2, docs/product.md §5): photo, name (required), e-mail (read-only), age and
 * gender. Saved as one multipart PUT /user with the new picture or the current one's URL.
 */
export function PersonalInfoForm({ profile, onStatus }: { profile: Profile; onStatus: (status: Status | null) => void }) {
  const { t } = useTranslation('profile');
  const { confirm } = useAlerts();
  const update = useUpdateProfile();
  const removePicture = useDeleteProfilePicture();
  const [picture, setPicture] = useState<File | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues>({ resolver: zodResolver(profileFormSchema), defaultValues: personalDefaults(profile) });

  const onSubmit = handleSubmit(async (values) => {
    onStatus(null);
    try {
      await update.mutateAsync(buildProfileFormData(values, picture, profile.profilePicture));
      setPicture(null);
      reset(values);
      onStatus({ text: t('personal.saved'), tone: 'success' });
    } catch (err) {
      onStatus({ text: serverErrorOr(err, t('personal.error')), tone: 'error' });
    }
  });

  const onDeletePicture = async () => {
    const ok = await confirm({
      title: t('photo.deleteTitle'),
      message: t('photo.deleteBody'),
      confirmLabel: t('photo.deleteYes'),
      destructive: true,
    });
    if (!ok) return;
    onStatus(null);
    try {
      await removePicture.mutateAsync();
      onStatus({ text: t('photo.deleted'), tone: 'success' });
    } catch {
      onStatus({ text: t('photo.deleteError'), tone: 'error' });
    }
  };

  const genderOptions = [
    { value: '', label: t('personal.genders.none') },
    ...GENDERS.map((g) => ({ value: g, label: t(`personal.genders.${g}`) })),
  ];

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-8 @xl:grid-cols-[12rem_1fr]">
      <PhotoUpload
        currentUrl={profile.profilePicture}
        file={picture}
        onFileChange={(file) => {
          setPicture(file);
          if (file) onStatus(null);
        }}
        onErrors={(messages) => messages.length > 0 && onStatus({ text: messages.join(' '), tone: 'error' })}
        onDelete={() => void onDeletePicture()}
        deleting={removePicture.isPending}
        disabled={isSubmitting}
      />
      <div className="space-y-5">
        <TextField label={t('personal.name')} autoComplete="name" required error={fieldError(errors.name?.message)} {...register('name')} />
        <TextField
          label={t('personal.email')}
          type="email"
          value={profile.email}
          readOnly
          hint={t('personal.emailHint')}
          className="[&_input]:bg-slate-50 [&_input]:text-slate-600"
        />
        <div className="grid gap-5 @sm:grid-cols-2">
          <TextField
            label={t('personal.age')}
            type="number"
            inputMode="numeric"
            min={AGE_MIN}
            max={AGE_MAX}
            step={1}
            placeholder={t('personal.agePlaceholder')}
            error={fieldError(errors.age?.message)}
            {...register('age')}
          />
          <SelectField
            label={t('personal.gender')}
            options={genderOptions}
            error={fieldError(errors.gender?.message)}
            {...register('gender')}
          />
        </div>
        <div className="flex justify-end border-t border-slate-100 pt-5">
          <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
            {t('personal.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}
