import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { SelectField } from '@/components/ui/select-field';
import { ACTIVITY_KINDS, type ActivityKind } from '../api/types';
import { type ActivityFilters as Filters, rangeIsBackwards } from '../utils/activity-query';

/** A person to filter by. */
export interface MemberOption {
  userId: string;
  name: string;
}

/** Member, kind and date range: each change reloads the log from its first page. */
export function ActivityFilters({
  filters,
  members,
  onChange,
}: {
  filters: Filters;
  members: MemberOption[];
  onChange: (filters: Filters) => void;
}) {
  const { t } = useTranslation('activity');
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const backwards = rangeIsBackwards(filters);
  return (
    <form
      role="search"
      aria-label={t('filters.label')}
      onSubmit={(e) => e.preventDefault()}
      className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 xl:grid-cols-4"
    >
      <SelectField
        label={t('filters.member')}
        value={filters.memberId}
        onChange={(e) => onChange({ ...filters, memberId: e.target.value })}
        options={[{ value: '', label: t('filters.allMembers') }, ...members.map((m) => ({ value: m.userId, label: m.name }))]}
      />
      <SelectField
        label={t('filters.kind')}
        value={filters.kind}
        onChange={(e) => onChange({ ...filters, kind: e.target.value as ActivityKind | '' })}
        options={[
          { value: '', label: t('filters.allKinds') },
          ...ACTIVITY_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
        ]}
      />
      <div>
        <label htmlFor={fromId} className="mb-1 block text-sm font-medium text-slate-700">
          {t('filters.from')}
        </label>
        <DateField id={fromId} value={filters.from} onChange={(from) => onChange({ ...filters, from })} max={filters.to || undefined} />
      </div>
      <div>
        <label htmlFor={toId} className="mb-1 block text-sm font-medium text-slate-700">
          {t('filters.to')}
        </label>
        <DateField
          id={toId}
          value={filters.to}
          onChange={(to) => onChange({ ...filters, to })}
          min={filters.from || undefined}
          invalid={backwards}
          describedBy={backwards ? errorId : undefined}
        />
        {backwards && (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
            {t('filters.backwards')}
          </p>
        )}
      </div>
    </form>
  );
}
