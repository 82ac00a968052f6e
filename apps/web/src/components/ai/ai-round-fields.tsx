import { AI_GRID_SIZES, AI_MAX_SAMPLES, AI_MIN_SAMPLES, type AI_ENGINE_ID_VALUES } from '@rankmaps/shared/schemas/ai-visibility';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '@/components/ui/query-state';
import { SelectField } from '@/components/ui/select-field';
import { useAiEngines } from '@/lib/ai-engines';

export type AiEngineIdValue = (typeof AI_ENGINE_ID_VALUES)[number];

/** AI visibility in every round of a schedule (docs/decisions.md §31.16): on or off, its engines, grid and samples. */
export interface AiRoundValue {
  on: boolean;
  engines: AiEngineIdValue[];
  gridSize: number;
  samples: number;
}

const SAMPLE_CHOICES = Array.from({ length: AI_MAX_SAMPLES - AI_MIN_SAMPLES + 1 }, (_, i) => AI_MIN_SAMPLES + i);

/**
 * «Visibilidad en IA» in a scheduled round, shared by the campaign editor and the weekly scan's
 * modal: the switch, the engines this server can run (one that cannot is disabled, with the
 * server's reason), the grid and the samples. The cost is the caller's, from the server.
 */
export function AiRoundFields({ value, onChange, useLabel, hint, testId }: { value: AiRoundValue; onChange: (value: AiRoundValue) => void; useLabel: string; hint: string; testId?: string }) {
  const { t } = useTranslation('common');
  const engines = useAiEngines();
  const id = useId();
  const set = (patch: Partial<AiRoundValue>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="space-y-3" data-testid={testId}>
      <legend className="sr-only">{t('aiRound.legend')}</legend>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" className="h-4 w-4 shrink-0 accent-brand-700" checked={value.on} onChange={(e) => set({ on: e.target.checked })} />
        {useLabel}
      </label>
      <p className="-mt-2 text-xs text-slate-500">{hint}</p>
      {value.on && (
        <div className="space-y-3">
          <QueryState query={engines} loading={t('aiRound.enginesLoading')} error={t('aiRound.enginesFailed')}>
            {(data) => (
              <ul className="space-y-2">
                {data.engines.map((e) => (
                  <li key={e.id}>
                    <label className="flex items-center gap-2 text-sm text-slate-800">
                      <input
                        type="checkbox"
                        className="h-4 w-4 shrink-0 accent-brand-700"
                        disabled={!e.available}
                        aria-describedby={e.available ? undefined : `${id}-${e.id}-reason`}
                        checked={value.engines.includes(e.id)}
                        onChange={(ev) => set({ engines: ev.target.checked ? [...value.engines, e.id] : value.engines.filter((x) => x !== e.id) })}
                      />
                      {e.label}
                    </label>
                    {!e.available && (
                      <p id={`${id}-${e.id}-reason`} className="ml-6 text-xs text-slate-500">
                        {e.reason}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
          <div className="grid grid-cols-2 gap-4">
            <SelectField
              label={t('aiRound.grid')}
              value={String(value.gridSize)}
              options={AI_GRID_SIZES.map((g) => ({ value: String(g), label: `${g}×${g}` }))}
              onChange={(e) => set({ gridSize: Number(e.target.value) })}
            />
            <SelectField
              label={t('aiRound.samples')}
              value={String(value.samples)}
              options={SAMPLE_CHOICES.map((n) => ({ value: String(n), label: String(n) }))}
              onChange={(e) => set({ samples: Number(e.target.value) })}
            />
          </div>
        </div>
      )}
    </fieldset>
  );
}
