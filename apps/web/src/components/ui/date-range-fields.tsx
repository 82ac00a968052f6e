import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from './date-field';
import { FieldFrame } from './field-frame';

/**
 * A filter's day range: «Desde» and «Hasta», two labelled date fields (`YYYY-MM-DD`, '' for
 * none), each bounding the other's calendar. With `backwardsError` (the range ends before it
 * starts), the second is marked invalid and the error is announced under it.
 */
export function DateRangeFields({
  range: { from, to },
  onChange,
  backwardsError,
}: {
  range: { from: string; to: string };
  onChange: (range: { from: string; to: string }) => void;
  backwardsError?: string | undefined;
}) {
  const { t } = useTranslation('common');
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  return (
    <>
      <FieldFrame controlId={fromId} label={t('dateRange.from')}>
        <DateField id={fromId} value={from} onChange={(value) => onChange({ from: value, to })} max={to || undefined} />
      </FieldFrame>
      <FieldFrame controlId={toId} label={t('dateRange.to')}>
        <DateField
          id={toId}
          value={to}
          onChange={(value) => onChange({ from, to: value })}
          min={from || undefined}
          invalid={Boolean(backwardsError)}
          describedBy={backwardsError ? errorId : undefined}
        />
        {backwardsError && (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
            {backwardsError}
          </p>
        )}
      </FieldFrame>
    </>
  );
}
