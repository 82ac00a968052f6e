import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '@/components/ui/date-range-fields';
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
      <DateRangeFields
        range={filters}
        onChange={(range) => onChange({ ...filters, ...range })}
        backwardsError={backwards ? t('filters.backwards') : undefined}
      />
    </form>
  );
}
