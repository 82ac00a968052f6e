/** The business's photo, or its initial on a tinted square when it has none (or it fails to load). */
import { useState } from 'react';

export function PlaceAvatar({ name, photo, size = 'md' }: { name: string; photo: string | null; size?: 'md' | 'lg' }) {
  const [failed, setFailed] = useState(false);
  const box = size === 'lg' ? 'h-16 w-16 text-2xl' : 'h-12 w-12 text-lg';
  // Photos on our own origin only: the CSP keeps third-party images out, so a vendor URL shows the initial.
  if (photo && photo.startsWith('/') && !failed)
    return <img src={photo} alt="" className={`${box} shrink-0 rounded-xl object-cover`} onError={() => setFailed(true)} />;
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-xl bg-brand-100 font-bold text-brand-800`}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
