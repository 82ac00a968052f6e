import { useTranslation } from 'react-i18next';
import type { GbpLocation } from '@rankmaps/shared/schemas/gbp';
import { SelectField } from '@/components/ui/select-field';

/** The location whose statistics show; the address (or its absence) under it. */
export function LocationPicker({
  locations,
  value,
  onChange,
}: {
  locations: GbpLocation[];
  value: string;
  onChange: (name: string) => void;
}) {
  const { t } = useTranslation('gbp');
  const current = locations.find((l) => l.name === value);
  const multipleAccounts = new Set(locations.map((l) => l.account)).size > 1;
  return (
    <SelectField
      label={t('stats.location')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={locations.map((l) => ({ value: l.name, label: multipleAccounts ? `${l.title} (${l.accountName})` : l.title }))}
      hint={current ? (current.storefrontAddress ?? t('stats.noAddress')) : undefined}
      className="w-full sm:max-w-md"
    />
  );
}
