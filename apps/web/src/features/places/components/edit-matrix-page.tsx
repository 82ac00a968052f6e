import type { MatrixPoint, Place } from '@rankmaps/shared/schemas/places';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AlertBanner } from '@/components/ui/alert-banner';
import { useApiErrorAlert } from '@/components/ui/alerts/use-api-error-alert';
import { Button, buttonClass } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { useToast } from '@/components/ui/toasts/toast-context';
import { ApiError } from '@/lib/api-client';
import { usePlace } from '../api/get-place';
import { useUpdateMatrix } from '../api/update-matrix';
import { HomeBreadcrumb } from '@/components/ui/breadcrumb';
import { GridChangeWarning } from './grid-change-warning';
import { MatrixEditor } from './matrix-editor/matrix-editor';
import { paths } from '@/lib/paths';

/** /edit-matrix/{placeId}, Editar Matriz de Análisis (docs/product.md §2): the editor pre-filled with the saved grid. */
export function EditMatrixPage({ placeId, profile }: { placeId: string; profile: Profile }) {
  const { t } = useTranslation('places');
  const query = usePlace(placeId);
  // A business that cannot be read cannot be edited: the way out is the dashboard.
  const back = (
    <Link to={paths.root.getHref()} className={`${buttonClass('secondary')} mt-3 py-2!`}>
      {t('edit.backToDashboard')}
    </Link>
  );
  return (
    <QueryState query={query} error={t('errors.loadEdit')} errorAction={back} className="mx-auto max-w-lg py-10">
      {(place) => <EditMatrixForm place={place} profile={profile} />}
    </QueryState>
  );
}

function EditMatrixForm({ place, profile }: { place: Place; profile: Profile }) {
  const { t } = useTranslation('places');
  const navigate = useNavigate();
  const toast = useToast();
  const showApiAlert = useApiErrorAlert();
  const save = useUpdateMatrix(place._id);
  const saved = { gridSize: place.matrixConfig.gridSize, radius: place.matrixConfig.radius };
  const [grid, setGrid] = useState(saved);
  const [center, setCenter] = useState(place.matrixConfig.coordinates);
  const [matrix, setMatrix] = useState<MatrixPoint[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const unchanged =
    grid.gridSize === saved.gridSize &&
    grid.radius === saved.radius &&
    center.lat === place.matrixConfig.coordinates.lat &&
    center.lng === place.matrixConfig.coordinates.lng;

  const submit = async () => {
    setError(null);
    setNotice(null);
    if (unchanged) {
      setNotice(t('edit.noChanges'));
      return;
    }
    if (!matrix) return;
    try {
      await save.mutateAsync({ gridSize: grid.gridSize, radius: grid.radius, coordinates: center });
      toast({ type: 'success', message: t('edit.saved') });
      void navigate(paths.place.getHref(place._id));
    } catch (err) {
      if (showApiAlert(err)) return;
      setError(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : t('errors.updateMatrix'));
    }
  };

  return (
    <div data-page="edit-matrix" className="space-y-6">
      <HomeBreadcrumb t={t} viaRankmap items={[{ label: place.name, to: paths.place.getHref(place._id) }, { label: t('edit.crumb') }]} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('edit.title')}</h1>
        <p className="mt-1 text-slate-600">
          {place.name} · {place.address}
        </p>
      </header>
      <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <MatrixEditor
          center={center}
          value={grid}
          onChange={(v) => {
            setGrid(v);
            setNotice(null);
          }}
          planLimits={{ ...profile.planLimits, currentPlan: profile.currentPlan }}
          onMatrix={setMatrix}
          onPickCenter={place.serviceArea ? setCenter : undefined}
          headingLevel={2}
        />
        {!unchanged && <GridChangeWarning place={place} matrix={matrix} paysCredits={profile.planLimits.type === 'pro'} />}
        {notice && <AlertBanner tone="info">{notice}</AlertBanner>}
        {error && <AlertBanner tone="error">{error}</AlertBanner>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={paths.root.getHref()} className={buttonClass('secondary')}>
            {t('edit.cancel')}
          </Link>
          <Button loading={save.isPending} disabled={!matrix && !save.isPending} onClick={() => void submit()}>
            {t('edit.save')}
          </Button>
        </div>
      </section>
    </div>
  );
}
