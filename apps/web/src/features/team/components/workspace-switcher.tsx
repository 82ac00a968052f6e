import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { useSwitchWorkspace } from '../api/workspaces';
import { useWorkspace } from '@/lib/workspace/use-workspace';
import { RoleLabel } from './role-label';

/**
 * The active workspace's name and the person's role there, with the others to switch to
 * (docs/decisions.md §30.7). Nothing at all for someone in a single workspace: a solo user's
 * sidebar stays as it was.
 */
export function WorkspaceSwitcher({ id, className = '' }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const workspace = useWorkspace();
  const switchTo = useSwitchWorkspace();
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (workspace.all.length < 2 || !workspace.role) return null;
  return (
    <div id={id} className={className} data-testid="workspace-switcher">
      <p className="px-1 text-xs font-medium text-slate-500">{t('workspace.label')}</p>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="mt-1 flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left ring-1 ring-slate-200 hover:bg-slate-50"
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-slate-900">{workspace.name}</span>
          <RoleLabel role={workspace.role} />
        </span>
        <ChevronsUpDownIcon aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
        <span className="sr-only">{t('workspace.change')}</span>
      </button>
      <ul id={listId} hidden={!open} aria-label={t('workspace.list')} className="mt-2 space-y-1">
        {workspace.all.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              aria-current={item.active ? 'true' : undefined}
              disabled={switchTo.isPending}
              onClick={() => {
                if (item.active) setOpen(false);
                else switchTo.mutate(item.id);
              }}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100 disabled:opacity-60"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-800">{item.name}</span>
                <RoleLabel role={item.role} />
              </span>
              {item.active && <CheckIcon aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />}
              {switchTo.isPending && switchTo.variables === item.id && <Spinner className="h-4 w-4" />}
            </button>
          </li>
        ))}
      </ul>
      {switchTo.isError && (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {t('workspace.switchError')}
        </p>
      )}
    </div>
  );
}
