import type { ReactNode } from 'react';
import type { Client } from '@rankmaps/shared/schemas/workspace';
import { CLIENT_NAME_MAX } from '@rankmaps/shared/schemas/workspace';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import { HomeBreadcrumb } from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { QueryState, bothQueries } from '@/components/ui/query-state';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError } from '@/lib/api-client';
import { useClients, useCreateClient, useDeleteClient, useRenameClient, useSetPlaceClient } from '../api/clients';
import { usePlaces } from '../api/get-places';
import { ClientLogoField } from './client-logo-field';

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError && err.status > 0 ? err.message : fallback);

/** /clientes (docs/decisions.md §25.1): create, rename and delete clients, and group the businesses under them. */
export function ClientsPage() {
  const { t } = useTranslation('places');
  const clients = useClients();
  const places = usePlaces();
  const create = useCreateClient();
  const toast = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    // The field empties at once, ready for the next name; a refusal puts the name back.
    const submitted = name;
    setName('');
    try {
      const client = await create.mutateAsync(submitted);
      toast({ type: 'success', message: t('clients.created', { name: client.name }) });
    } catch (err) {
      setName(submitted);
      setError(messageOf(err, t('clients.errors.save')));
    }
  };

  return (
    <div data-page="clients" className="space-y-6">
      <HomeBreadcrumb t={t} viaRankmap items={[{ label: t('clients.title') }]} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('clients.title')}</h1>
        <p className="mt-1 text-slate-600">{t('clients.subtitle')}</p>
      </header>

      <form
        onSubmit={(e) => void onCreate(e)}
        className="flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-start"
      >
        <TextField
          label={t('clients.name')}
          className="flex-1"
          value={name}
          maxLength={CLIENT_NAME_MAX}
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" loading={create.isPending} className="sm:mt-6">
          {t('clients.create')}
        </Button>
      </form>

      <QueryState query={bothQueries(clients, places)} error={t('clients.errors.load')}>
        {([{ clients: list }, placeList]) => (
          <>
            <TitledList id="clients-list" title={t('clients.listTitle')} emptyText={list.length === 0 ? t('clients.empty') : null}>
              <ul className="space-y-2">
                {list.map((c) => (
                  <li key={c.id}>
                    <ClientRow client={c} />
                  </li>
                ))}
              </ul>
            </TitledList>
            <TitledList id="clients-assign" title={t('clients.assignTitle')} emptyText={placeList.length === 0 ? t('clients.noPlaces') : null}>
              <ul className="grid gap-3 sm:grid-cols-2">
                {placeList.map((p) => (
                  <li key={p._id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                    <AssignSelect placeId={p._id} placeName={p.name} clientId={p.client?.id ?? ''} clients={list} />
                  </li>
                ))}
              </ul>
            </TitledList>
          </>
        )}
      </QueryState>
    </div>
  );
}

function AssignSelect({
  placeId,
  placeName,
  clientId,
  clients,
}: {
  placeId: string;
  placeName: string;
  clientId: string;
  clients: Client[];
}) {
  const { t } = useTranslation('places');
  const assign = useSetPlaceClient();
  const toast = useToast();
  return (
    <SelectField
      label={placeName}
      value={clientId}
      disabled={assign.isPending}
      options={[{ value: '', label: t('clients.none') }, ...clients.map((c) => ({ value: c.id, label: c.name }))]}
      onChange={(e) => {
        const value = e.target.value;
        assign.mutate(
          { placeId, clientId: value || null },
          {
            onSuccess: (res) =>
              toast({ type: 'success', message: res.client ? t('clients.assigned', { name: res.client.name }) : t('clients.unassigned') }),
            onError: (err) => toast({ type: 'error', message: messageOf(err, t('clients.errors.assign')) }),
          },
        );
      }}
    />
  );
}

function ClientRow({ client }: { client: Client }) {
  const { t } = useTranslation('places');
  const { confirm } = useAlerts();
  const toast = useToast();
  const rename = useRenameClient();
  const remove = useDeleteClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(client.name);
  const [error, setError] = useState<string | undefined>();

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    try {
      await rename.mutateAsync({ id: client.id, name });
      setEditing(false);
      toast({ type: 'success', message: t('clients.renamed') });
    } catch (err) {
      setError(messageOf(err, t('clients.errors.save')));
    }
  };

  const onDelete = async () => {
    const ok = await confirm({
      title: t('clients.delete.title'),
      message: t('clients.delete.message', { name: client.name, count: client.places }),
      confirmLabel: t('clients.delete.confirm'),
      cancelLabel: t('clients.delete.cancel'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(client.id);
      toast({ type: 'success', message: t('clients.delete.done', { name: client.name }) });
    } catch (err) {
      toast({ type: 'error', message: messageOf(err, t('clients.errors.delete')) });
    }
  };

  if (editing)
    return (
      <form
        onSubmit={(e) => void onSave(e)}
        className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-start"
      >
        <TextField
          label={t('clients.newName', { name: client.name })}
          className="flex-1"
          value={name}
          maxLength={CLIENT_NAME_MAX}
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="flex gap-2 sm:mt-6">
          <Button type="submit" loading={rename.isPending}>
            {t('clients.save')}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(false)}>
            {t('clients.cancel')}
          </Button>
        </div>
      </form>
    );
  return (
    <div className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="client-row">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{client.name}</p>
          <p className="text-sm text-slate-600">{t('clients.places', { count: client.places })}</p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            className="py-2!"
            aria-label={t('clients.renameLabel', { name: client.name })}
            onClick={() => setEditing(true)}
          >
            {t('clients.rename')}
          </Button>
          <Button
            variant="danger"
            className="py-2!"
            loading={remove.isPending}
            aria-label={t('clients.deleteLabel', { name: client.name })}
            onClick={() => void onDelete()}
          >
            {t('clients.deleteButton')}
          </Button>
        </div>
      </div>
      <ClientLogoField client={client} />
    </div>
  );
}

/** A titled section of the page: its list, or the line that says it is empty. */
function TitledList({ id, title, emptyText, children }: { id: string; title: string; emptyText: string | null; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {emptyText === null ? children : <p className="text-sm text-slate-600">{emptyText}</p>}
    </section>
  );
}
