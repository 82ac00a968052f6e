import { ChevronDownIcon, LockIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpgradeTarget } from '@rankmaps/shared/plan-upgrade';
import { RADIUS_MAX_M, RADIUS_MIN_M, RADIUS_STEP_M } from '@rankmaps/shared/plans';
import { useAlerts } from '@/components/ui/alerts/alerts-context';
import {
  type MatrixPlanLimits,
  areaSideKm,
  canChangeRadius,
  formatDistance,
  gridOptions,
  radiusUpgrade,
} from './matrix-logic';
import { availabilityText, upgradeNeedText } from '@/lib/upgrade-text';

export interface MatrixValue {
  gridSize: number;
  /** Metres from the centre to the outermost points north, east, south and west. */
  radius: number;
}

export interface MatrixControlsProps {
  value: MatrixValue;
  onChange: (value: MatrixValue) => void;
  planLimits: MatrixPlanLimits;
  disabled?: boolean;
}

/**
 * Grid size and radius, with the plan rules of docs/product.md §5 and docs/decisions.md §1. Sizes the plan
 * does not allow name the cheapest plan that does (docs/decisions.md §22: "Disponible desde Premium")
 * and choosing one shows the upgrade alert (a pro plan's sizes above its own maximum are
 * disabled instead). The radius is a slider for pro plans; for the others it is shown locked,
 * with where it is available, and pressing it explains why.
 */
export function MatrixControls({ value, onChange, planLimits, disabled = false }: MatrixControlsProps) {
  const { t, i18n } = useTranslation('matrix');
  const { t: tc } = useTranslation('common');
  const { alert } = useAlerts();
  const gridId = useId();
  const radiusId = useId();
  const radiusHintId = useId();
  const radiusEditable = canChangeRadius(planLimits);
  const distance = formatDistance(value.radius, i18n.language);
  const radiusText = t(`units.${distance.unit}`, { value: distance.value });

  const showUpgrade = (message: string) => void alert({ type: 'upgrade', message });
  const options = gridOptions(planLimits);
  const label = (target: UpgradeTarget) => {
    const text = availabilityText(target);
    return text ? tc(text.key, text.values) : '';
  };
  // "el plan Premium", "un plan para agencias": the end of the alert's sentence.
  const need = (target: UpgradeTarget) => {
    const text = upgradeNeedText(target);
    return text ? tc(text.key, text.values) : '';
  };
  const radiusTarget = radiusUpgrade(planLimits);

  const chooseGridSize = (size: number) => {
    if (size === value.gridSize) return;
    const option = options.find((o) => o.size === size);
    if (!option) return;
    if (option.state === 'allowed') onChange({ ...value, gridSize: size });
    else showUpgrade(t('upgrade.grid', { size, need: need(option.upgrade) }));
  };

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div>
        <label htmlFor={gridId} className="mb-1 block text-sm font-medium text-slate-700">
          {t('controls.gridSize')}
        </label>
        <div className="relative">
          <select
            id={gridId}
            value={value.gridSize}
            disabled={disabled}
            onChange={(e) => chooseGridSize(Number(e.target.value))}
            aria-describedby={`${gridId}-hint`}
            className="block w-full appearance-none rounded-lg border border-slate-300 bg-white py-2.5 pr-10 pl-3 text-sm shadow-sm outline-none transition focus:border-brand-600 focus:ring-2 focus:ring-brand-200 disabled:bg-slate-50 disabled:text-slate-500"
          >
            {options.map((o) => {
              const text = t('controls.gridOption', { size: o.size, points: o.points });
              const available = label(o.upgrade);
              const note = o.state === 'allowed' ? '' : ` · ${available || t('controls.planMax', { size: planLimits.gridSize })}`;
              return (
                <option key={o.size} value={o.size} disabled={o.state === 'beyondPlan' && o.size !== value.gridSize}>
                  {text + note}
                </option>
              );
            })}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
        </div>
        <p id={`${gridId}-hint`} className="mt-1 text-xs text-slate-500">
          {t('controls.gridHint')}
        </p>
      </div>

      <div>
        <div className="mb-1 flex items-center justify-between gap-2">
          <label htmlFor={radiusId} className="text-sm font-medium text-slate-700">
            {t('controls.radius')}
          </label>
          <span className="flex items-center gap-2">
            {!radiusEditable && (
              <span className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-2 py-0.5 text-xs font-semibold text-violet-700 ring-1 ring-violet-200">
                <LockIcon className="h-3 w-3" />
                {label(radiusTarget)}
              </span>
            )}
            <output htmlFor={radiusId} className="text-sm font-semibold text-slate-900 tabular-nums" data-testid="matrix-radius-value">
              {radiusText}
            </output>
          </span>
        </div>
        <div className="relative py-2">
          <input
            id={radiusId}
            type="range"
            min={RADIUS_MIN_M}
            max={RADIUS_MAX_M}
            step={RADIUS_STEP_M}
            value={value.radius}
            disabled={disabled || !radiusEditable}
            aria-valuetext={radiusText}
            aria-describedby={radiusHintId}
            onChange={(e) => onChange({ ...value, radius: Number(e.target.value) })}
            className="block w-full accent-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
          />
          {!radiusEditable && (
            // A disabled input receives no clicks: this transparent button over it does,
            // and is reachable with Tab (Enter or Space), so the reason is always one action away.
            <button
              type="button"
              onClick={() => showUpgrade(t('upgrade.radius', { need: need(radiusTarget) }))}
              aria-label={t('controls.radiusLocked', { available: label(radiusTarget) })}
              title={t('controls.radiusLocked', { available: label(radiusTarget) })}
              className="absolute inset-0 cursor-not-allowed rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
              data-testid="matrix-radius-locked"
            />
          )}
        </div>
        <p id={radiusHintId} className="mt-1 text-xs text-slate-500">
          {radiusEditable ? t('controls.radiusHint') : t('controls.radiusFixed', { radius: radiusText })}
        </p>
      </div>

      <p className="text-sm font-medium text-slate-700 sm:col-span-2" data-testid="matrix-area">
        {t('controls.area', { side: areaSideKm(value.radius, i18n.language) })}
      </p>
    </div>
  );
}
