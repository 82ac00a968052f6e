import type { Profile } from '@rankmaps/shared/schemas/profile';

/** The user's picture, or the first letter of their name on a brand disc. */
export function UserAvatar({ profile, className = 'h-10 w-10' }: { profile: Profile | null; className?: string }) {
  if (profile?.profilePicture) {
    return <img src={profile.profilePicture} alt="" className={`shrink-0 rounded-full object-cover ring-2 ring-white ${className}`} />;
  }
  const initial = (profile?.name || profile?.email || '?').trim().charAt(0).toUpperCase();
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-linear-to-br from-brand-500 to-cyan-500 text-sm font-semibold text-white ${className}`}
    >
      {initial}
    </span>
  );
}

/** Avatar, name and e-mail; `compact` keeps the avatar only (collapsed sidebar). */
export function UserBadge({
  profile,
  fallbackName,
  compact = false,
}: {
  profile: Profile | null;
  fallbackName: string;
  compact?: boolean;
}) {
  return (
    <div className={`flex min-w-0 items-center gap-3 ${compact ? 'justify-center' : ''}`}>
      <UserAvatar profile={profile} />
      <div className={compact ? 'sr-only' : 'min-w-0'}>
        <p className="truncate text-sm font-semibold text-slate-900">{profile?.name || fallbackName}</p>
        {profile?.email && <p className="truncate text-xs text-slate-500">{profile.email}</p>}
      </div>
    </div>
  );
}
