import type { Profile } from '@rankmaps/shared/schemas/profile';

/** The profile picture, or the first letter of the name on a brand disc (docs/product.md §2). */
export function ProfileAvatar({
  profile,
  className = 'h-20 w-20 text-3xl',
}: {
  profile: Pick<Profile, 'name' | 'email' | 'profilePicture'>;
  className?: string;
}) {
  if (profile.profilePicture) {
    return <img src={profile.profilePicture} alt="" className={`shrink-0 rounded-full object-cover ring-4 ring-white ${className}`} />;
  }
  const initial = (profile.name || profile.email || '?').trim().charAt(0).toUpperCase();
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-linear-to-br from-brand-500 to-cyan-500 font-semibold text-white ring-4 ring-white ${className}`}
    >
      {initial}
    </span>
  );
}
