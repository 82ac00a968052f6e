import { StarIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Five stars filled up to `value` (rounded to the nearest whole star), read out as «4 de 5 estrellas». */
export function Stars({ value, className = '' }: { value: number; className?: string }) {
  const { t } = useTranslation('reviews');
  const filled = Math.round(value);
  return (
    <span role="img" aria-label={t('stars', { count: filled })} className={`flex items-center gap-0.5 ${className}`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <StarIcon key={i} aria-hidden="true" className={`h-4 w-4 ${i <= filled ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`} />
      ))}
    </span>
  );
}
