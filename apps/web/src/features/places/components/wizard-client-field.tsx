import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SelectField } from '@/components/ui/select-field';
import { paths } from '@/lib/paths';
import { useClients } from '../api/clients';

/**
 * The new business's client (docs/workspace.md «Clients»), picked in the wizard on agency plans,
 * so a business need not be grouped afterwards; '' is none.
 */
export function WizardClientField({ value, onChange }: { value: string; onChange: (clientId: string) => void }) {
  const { t } = useTranslation('places');
  const clients = useClients();
  const options = [{ value: '', label: t('clients.none') }, ...(clients.data?.clients ?? []).map((c) => ({ value: c.id, label: c.name }))];
  return (
    <div data-testid="wizard-client" className="flex flex-col gap-1 sm:flex-row sm:items-end sm:gap-3">
      <SelectField label={t('clients.select')} className="sm:w-64" value={value} disabled={clients.isPending} options={options} onChange={(e) => onChange(e.target.value)} />
      <Link to={paths.clients.getHref()} className="text-sm font-medium text-brand-700 hover:underline sm:pb-2">
        {t('clients.manage')}
      </Link>
    </div>
  );
}
