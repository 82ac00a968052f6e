import { DEFAULT_GRID_SIZE, DEFAULT_RADIUS_M } from '@rankmaps/shared/plans';
import type { MatrixPoint, PlaceSuggestion } from '@rankmaps/shared/schemas/places';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AlertBanner } from '@/components/ui/alert-banner';
import { useApiErrorAlert } from '@/components/ui/alerts/use-api-error-alert';
import { Button, buttonClass } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { useCreatePlace } from '../api/create-place';
import { usePlacePreview } from '../api/get-place-preview';
import { MatrixEditor } from './matrix-editor/matrix-editor';
import { HomeBreadcrumb } from '@/components/ui/breadcrumb';
import { PlaceSearch } from './place-search';
import { Rating } from './rating';
import { ServiceAreaLocator } from './service-area-locator';
import { WizardClientField } from './wizard-client-field';
import { WizardSteps } from './wizard-steps';
import { WeeklyScanOffer } from './weekly-scan-offer';
import { missingPlaceData } from '../utils/missing-place-data';
import { paths } from '@/lib/paths';

/** One id per wizard visit: Google bills autocomplete and details of one session together. */
function newSessionToken(): string {
  return crypto.randomUUID();
}

/** /new-place, Añadir Negocio (docs/product.md §2, docs/product.md §4): 1 Buscar Negocio, 2 Configurar Matriz. */
export function NewPlaceWizard({ profile, demoCatalogue }: { profile: Profile; demoCatalogue: boolean }) {
  const { t } = useTranslation('places');
  const navigate = useNavigate();
  const showApiAlert = useApiErrorAlert();
  const create = useCreatePlace();
  const [sessionToken, setSessionToken] = useState(newSessionToken);
  const [step, setStep] = useState<1 | 2>(1);
  const [selected, setSelected] = useState<PlaceSuggestion | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const [grid, setGrid] = useState({ gridSize: DEFAULT_GRID_SIZE, radius: DEFAULT_RADIUS_M });
  const [pickedCenter, setPickedCenter] = useState<{ lat: number; lng: number } | null>(null);
  const [matrix, setMatrix] = useState<MatrixPoint[] | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  // Agency plans group businesses by client (docs/workspace.md «Clients»); plans paid in credits
  // are offered the weekly scan, unticked; a business owner's plan includes it. Both are the pro plans.
  const agency = profile.planLimits.type === 'pro';
  const paysInCredits = agency;
  const [clientId, setClientId] = useState('');
  const [weeklyScans, setWeeklyScans] = useState(false);
  const preview = usePlacePreview(step === 2 ? (selected?.placeId ?? null) : null, sessionToken);
  const location = preview.data?.location ?? null;
  const center = location ?? pickedCenter;
  const serviceArea = preview.data ? preview.data.location === null : false;

  // Back, or 'Cambiar negocio': step 1 again with no selection and no matrix (docs/product.md §4).
  const restart = () => {
    setStep(1);
    setSelected(null);
    setPickedCenter(null);
    setMatrix(null);
    setCreateError(null);
    setSessionToken(newSessionToken());
  };

  const next = () => {
    if (!selected) {
      setSearchError(t('wizard.selectFromList'));
      return;
    }
    setSearchError(null);
    setStep(2);
  };

  const submit = async () => {
    setCreateError(null);
    const missing = missingPlaceData({ selected: !!selected, center: !!center, grid: !!matrix });
    if (missing || !selected || !center || !matrix) {
      // The spec's sentence, then what exactly is missing (the centre, for a service area).
      setCreateError(`${t('wizard.missingData')}: ${t(`wizard.missing.${missing ?? 'grid'}`)}`);
      return;
    }
    try {
      const { _id } = await create.mutateAsync({
        googlePlaceId: selected.placeId,
        matrixConfig: { gridSize: grid.gridSize, radius: grid.radius, coordinates: center },
        ...(serviceArea ? { center } : {}),
        sessionToken,
        ...(clientId ? { clientId } : {}),
        ...(paysInCredits ? { weeklyScans } : {}),
      });
      void navigate(paths.place.getHref(_id));
    } catch (err) {
      if (showApiAlert(err)) return;
      setCreateError(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : t('errors.create'));
    }
  };

  return (
    <div data-page="new-place" className="space-y-6">
      <HomeBreadcrumb t={t} viaRankmap items={[{ label: t('wizard.title') }]} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('wizard.title')}</h1>
        <p className="mt-1 text-slate-600">{t('wizard.subtitle')}</p>
      </header>
      <WizardSteps current={step} labels={[t('wizard.step1'), t('wizard.step2')]} />

      {step === 1 ? (
        <section aria-labelledby="step-1-title" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 id="step-1-title" className="text-lg font-semibold text-slate-900">
            {t('wizard.step1')}
          </h2>
          {demoCatalogue && (
            <p className="rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600 ring-1 ring-slate-200">{t('wizard.demoCatalogue')}</p>
          )}
          <PlaceSearch
            sessionToken={sessionToken}
            selected={selected}
            error={searchError}
            onSelect={(s) => {
              setSelected(s);
              setSearchError(null);
            }}
          />
          {selected && (
            <div className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100" aria-live="polite">
              <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">{t('wizard.selected')}</p>
              <p className="mt-1 font-semibold text-slate-900">{selected.name}</p>
              <p className="text-sm text-slate-600">{selected.address}</p>
            </div>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link to={paths.rankmap.getHref()} className={buttonClass('secondary')}>
              {t('wizard.cancel')}
            </Link>
            <Button onClick={next}>{t('wizard.continue')}</Button>
          </div>
        </section>
      ) : (
        <section aria-labelledby="step-2-title" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <h2 id="step-2-title" className="text-lg font-semibold text-slate-900">
                {t('wizard.step2')}
              </h2>
              <p className="mt-1 font-medium text-slate-900">{selected?.name}</p>
              <p className="text-sm text-slate-600">{preview.data?.address ?? selected?.address}</p>
              {preview.data && (
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  <Rating rating={preview.data.rating} reviews={preview.data.totalReviews} />
                  {serviceArea && (
                    <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
                      {t('serviceArea')}
                    </span>
                  )}
                </div>
              )}
            </div>
            <Button variant="secondary" className="py-2!" onClick={restart}>
              {t('wizard.change')}
            </Button>
          </div>

          <QueryState query={preview} error={preview.error?.message} loading={t('wizard.loadingPlace')} className="py-10">
            {() => (
              <MatrixEditor
                center={center}
                value={grid}
                onChange={setGrid}
                planLimits={{ ...profile.planLimits, currentPlan: profile.currentPlan }}
                onMatrix={setMatrix}
                onPickCenter={serviceArea ? setPickedCenter : undefined}
              >
                {serviceArea && <ServiceAreaLocator center={pickedCenter} onLocate={(a) => setPickedCenter({ lat: a.lat, lng: a.lng })} />}
              </MatrixEditor>
            )}
          </QueryState>

          {agency && <WizardClientField value={clientId} onChange={setClientId} />}
          {paysInCredits && matrix && (
            <WeeklyScanOffer pointsPerScan={matrix.filter((p) => !p.onSea).length} checked={weeklyScans} onChange={setWeeklyScans} />
          )}
          {createError && <AlertBanner tone="error">{createError}</AlertBanner>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button variant="ghost" onClick={restart}>
              {t('wizard.back')}
            </Button>
            <Button loading={create.isPending} onClick={() => void submit()}>
              {t('wizard.create')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
