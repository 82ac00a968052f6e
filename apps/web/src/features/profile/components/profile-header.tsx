import { useTranslation } from 'react-i18next';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { ProfileAvatar } from './profile-avatar';

/** Picture (or initial), name and e-mail at the top of /profile. */
export function ProfileHeader({ profile }: { profile: Profile }) {
  const { t } = useTranslation('profile');
  return (
    <header className="relative overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div aria-hidden="true" className="h-20 bg-linear-to-r from-brand-600 via-brand-500 to-cyan-500 sm:h-24" />
      <div className="flex flex-col items-center gap-3 px-5 pb-5 text-center sm:flex-row sm:items-end sm:gap-5 sm:px-6 sm:text-left">
        <div className="-mt-10 sm:-mt-12">
          <ProfileAvatar profile={profile} className="h-20 w-20 text-3xl sm:h-24 sm:w-24" />
        </div>
        {/* max-w-full: centred on phones, the block would otherwise grow past the card with a long e-mail. */}
        <div className="max-w-full min-w-0 pb-1">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{t('header.eyebrow')}</p>
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900" data-testid="profile-name">
            {profile.name}
          </h1>
          <p className="text-sm break-all text-slate-600">{profile.email}</p>
        </div>
      </div>
    </header>
  );
}
