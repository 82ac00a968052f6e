import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BriefcaseIcon } from 'lucide-react';
import { SelectField } from '@/components/ui/select-field';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useClients, useSetPlaceClient } from '../api/clients';
import { SettingCard } from './setting-card';

/** The client a business is grouped under (docs/decisions.md §25.1), changed from its page. */
export function PlaceClientCard({ placeId, client }: { placeId: string; client: { id: string; name: string } | null | undefined }) {
  const { t } = useTranslation('places');
  const clients = useClients();
  const assign = useSetPlaceClient();
  const toast = useToast();
  const options = [{ value: '', label: t('clients.none') }, ...(clients.data?.clients ?? []).map((c) => ({ value: c.id, label: c.name }))];

  const onChange = async (value: string) => {
    try {
      const res = await assign.mutateAsync({ placeId, clientId: value || null });
      toast({ type: 'success', message: res.client ? t('clients.assigned', { name: res.client.name }) : t('clients.unassigned') });
    } catch (err) {
      toast({ type: 'error', message: err instanceof ApiError && err.status > 0 ? err.message : t('clients.errors.assign') });
    }
  };

  return (
    <SettingCard
      id="client"
      testId="place-client-card"
      icon={BriefcaseIcon}
      title={t('clients.cardTitle')}
      alignActionEnd
      action={
        <SelectField
          label={t('clients.select')}
          className="sm:w-64"
          value={client?.id ?? ''}
          disabled={assign.isPending || clients.isPending}
          options={options}
          onChange={(e) => void onChange(e.target.value)}
        />
      }
    >
      <p className="mt-1 text-xs text-slate-500">{t('clients.cardExplain')}</p>
      <Link to={paths.clients.getHref()} className="mt-1 inline-block text-sm font-medium text-brand-700 hover:underline">
        {t('clients.manage')}
      </Link>
    </SettingCard>
  );
}
