import { useState } from 'react';
import { REPLY_MAX_LENGTH, type ReviewTemplate } from '@rankmaps/shared/schemas/reviews';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { QueryState } from '@/components/ui/query-state';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { useToastedAction } from '@/components/ui/use-toasted-action';
import { apiErrorText } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useCreateTemplate, useDeleteTemplate, useReviewTemplates, useUpdateTemplate } from '../api/reviews';
import { STARTER_TEMPLATES } from '../utils/reviews-view';

type Editing = { id: string | null; name: string; text: string };

/** «Plantillas de respuesta»: the workspace's templates, each with {nombre} and {negocio} filled when used. */
export function TemplatesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('reviews');
  const templates = useReviewTemplates();
  const [editing, setEditing] = useState<Editing | null>(null);
  return (
    <Modal title={t('templates.title')} description={t('templates.lead')} closeLabel={t('templates.close')} onClose={onClose} wide>
      {editing ? (
        <TemplateForm initial={editing} onDone={() => setEditing(null)} />
      ) : (
        <QueryState
          query={templates}
          loading={t('templates.loading')}
          error={apiErrorText(templates.error, t('templates.error'))}
          isEmpty={(data) => data.items.length === 0}
          empty={<StarterTemplates onWrite={() => setEditing({ id: null, name: '', text: '' })} />}
        >
          {(data) => (
            <div className="space-y-3">
              <ul className="space-y-3" data-testid="template-list">
                {data.items.map((tpl) => (
                  <TemplateRow key={tpl.id} template={tpl} onEdit={() => setEditing({ id: tpl.id, name: tpl.name, text: tpl.text })} />
                ))}
              </ul>
              <Button variant="secondary" onClick={() => setEditing({ id: null, name: '', text: '' })}>
                {t('templates.new')}
              </Button>
            </div>
          )}
        </QueryState>
      )}
    </Modal>
  );
}

function TemplateRow({ template, onEdit }: { template: ReviewTemplate; onEdit: () => void }) {
  const { t } = useTranslation('reviews');
  const remove = useDeleteTemplate();
  const run = useToastedAction();
  const [busy, setBusy] = useState(false);
  return (
    <li className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200" data-testid="template">
      <p className="font-medium text-slate-900">{template.name}</p>
      <p className="mt-1 line-clamp-3 text-sm text-slate-700">{template.text}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          className="py-1.5! text-sm"
          onClick={onEdit}
          aria-label={t('templates.editLabel', { name: template.name })}
        >
          {t('templates.edit')}
        </Button>
        <Button
          variant="secondary"
          className="py-1.5! text-sm text-red-700!"
          loading={busy}
          aria-label={t('templates.deleteLabel', { name: template.name })}
          onClick={() =>
            void run({
              run: () => remove.mutateAsync(template.id),
              done: t('templates.deleted'),
              failed: t('templates.deleteFailed'),
              busy: setBusy,
              confirm: {
                title: t('templates.deleteTitle'),
                message: t('templates.deleteBody', { name: template.name }),
                confirmLabel: t('templates.delete'),
                cancelLabel: t('reply.cancel'),
                destructive: true,
              },
            })
          }
        >
          {t('templates.delete')}
        </Button>
      </div>
    </li>
  );
}

/** No templates yet: two ready examples in Spanish to add with one click, or one's own. */
function StarterTemplates({ onWrite }: { onWrite: () => void }) {
  const { t } = useTranslation('reviews');
  const create = useCreateTemplate();
  const run = useToastedAction();
  return (
    <div className="space-y-3" data-testid="template-starters">
      <p className="text-sm text-slate-600">{t('templates.empty')}</p>
      <ul className="space-y-3">
        {STARTER_TEMPLATES.map((starter) => (
          <li key={starter.name} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <p className="font-medium text-slate-900">{starter.name}</p>
            <p className="mt-1 text-sm text-slate-700">{starter.text}</p>
            <Button
              variant="secondary"
              className="mt-2 py-1.5! text-sm"
              disabled={create.isPending}
              aria-label={t('templates.addStarterLabel', { name: starter.name })}
              onClick={() =>
                void run({
                  run: () => create.mutateAsync({ name: starter.name, text: starter.text }),
                  done: t('templates.saved'),
                  failed: t('templates.saveFailed'),
                })
              }
            >
              {t('templates.addStarter')}
            </Button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onWrite}>
        {t('templates.new')}
      </Button>
    </div>
  );
}

function TemplateForm({ initial, onDone }: { initial: Editing; onDone: () => void }) {
  const { t, i18n } = useTranslation('reviews');
  const [name, setName] = useState(initial.name);
  const [text, setText] = useState(initial.text);
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const save = initial.id ? update : create;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      const body = { name, text };
      if (initial.id) await update.mutateAsync({ id: initial.id, body });
      else await create.mutateAsync(body);
      onDone();
    } catch {
      // The server's Spanish refusal is shown under the form.
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3" data-testid="template-form">
      <TextField label={t('templates.name')} value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required />
      <TextareaField
        label={t('templates.text')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={5}
        required
        counter={t('reply.counter', { length: formatCount(text.length, i18n.language), max: formatCount(REPLY_MAX_LENGTH, i18n.language) })}
      />
      <p className="text-xs text-slate-600">{t('templates.placeholders')}</p>
      {save.isError && (
        <p role="alert" className="text-sm text-red-700">
          {apiErrorText(save.error, t('templates.saveFailed'))}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          {t('reply.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('templates.save')}
        </Button>
      </div>
    </form>
  );
}
