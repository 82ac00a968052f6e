import type { WorkspaceBrand } from '@/lib/workspace/types';

/** An agency's logo, or its initial on its colour; RankMaps' own look without a brand. */
export function BrandMark({
  brand,
  fallbackName,
  className = 'h-12 w-12',
}: {
  brand: WorkspaceBrand | null;
  fallbackName: string;
  className?: string;
}) {
  if (brand?.logoUrl)
    return <img src={brand.logoUrl} alt={brand.name || fallbackName} className={`shrink-0 rounded-xl object-contain ${className}`} />;
  const name = brand?.name || fallbackName;
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-xl bg-brand-700 text-lg font-bold text-white ${className}`}
      style={brand?.primaryColor ? { backgroundColor: brand.primaryColor } : undefined}
    >
      {name.trim().charAt(0).toUpperCase() || '·'}
    </span>
  );
}
