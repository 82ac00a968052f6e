import type { ReviewTemplate } from '@rankmaps/shared/schemas/reviews';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from 'lucide-react';
import { DropdownMenu, type MenuItem } from '@/components/ui/dropdown-menu';
import { QueryState } from '@/components/ui/query-state';
import { apiErrorText } from '@/lib/api-client';
import { useReviewTemplates } from '../api/reviews';

/** «Usar plantilla»: the workspace's templates as a menu, and a way to manage them. */
export function TemplateMenu({ onPick, onManage }: { onPick: (template: ReviewTemplate) => void; onManage: () => void }) {
  const { t } = useTranslation('reviews');
  const templates = useReviewTemplates();
  return (
    <QueryState query={templates} loading={t('templates.loading')} error={apiErrorText(templates.error, t('templates.error'))}>
      {(data) => {
        const items: MenuItem[] = [
          ...data.items.map((tpl): MenuItem => ({ kind: 'action', label: tpl.name, onSelect: () => onPick(tpl) })),
          { kind: 'action', label: data.items.length === 0 ? t('templates.createFirst') : t('templates.manage'), onSelect: onManage },
        ];
        return (
          <DropdownMenu
            label={t('templates.use')}
            items={items}
            triggerClassName="w-auto! gap-1 px-3 text-sm font-medium text-brand-700! ring-1 ring-slate-300"
            trigger={
              <>
                {t('templates.use')}
                <ChevronDownIcon aria-hidden="true" className="h-4 w-4" />
              </>
            }
          />
        );
      }}
    </QueryState>
  );
}
