import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BriefcaseIcon } from 'lucide-react';
import { SelectField } from '@/components/ui/select-field';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useClients, useSetPlaceClient } from '../api/clients';

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
    <section aria-labelledby="client-title" data-testid="place-client-card" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="mt-0.5 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <BriefcaseIcon className="h-4 w-4" />
          </span>
          <div>
            <h2 id="client-title" className="text-base font-semibold text-slate-900">
              {t('clients.cardTitle')}
            </h2>
            <p className="mt-1 text-xs text-slate-500">{t('clients.cardExplain')}</p>
            <Link to={paths.clients.getHref()} className="mt-1 inline-block text-sm font-medium text-brand-700 hover:underline">
              {t('clients.manage')}
            </Link>
          </div>
        </div>
        <SelectField
          label={t('clients.select')}
          className="sm:w-64"
          value={client?.id ?? ''}
          disabled={assign.isPending || clients.isPending}
          options={options}
          onChange={(e) => void onChange(e.target.value)}
        />
      </div>
    </section>
  );
}
