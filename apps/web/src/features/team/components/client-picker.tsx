import { useTranslation } from 'react-i18next';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { QueryState } from '@/components/ui/query-state';
import { useAssignableClients } from '../api/team';

/** The workspace's clients to assign, as checkboxes (the list «Clientes» keeps). */
export function ClientPicker({
  selected,
  onChange,
  error,
}: {
  selected: string[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('team');
  const clients = useAssignableClients();
  return (
    <QueryState
      query={clients}
      error={t('errors.loadClients')}
      loading={t('loading.clients')}
      isEmpty={(data) => data.clients.length === 0}
      empty={
        <p role={error ? 'alert' : undefined} className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {t('fields.noClients')}
        </p>
      }
    >
      {({ clients: list }) => {
        const names = new Map(list.map((c) => [c.id, c.name]));
        return (
          <CheckboxGroup
            legend={t('fields.clients')}
            options={list.map((c) => c.id)}
            selected={selected}
            onChange={onChange}
            optionLabel={(id) => names.get(id) ?? id}
            error={error}
          />
        );
      }}
    </QueryState>
  );
}
