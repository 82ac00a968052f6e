import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { NewPlaceWizard } from '@/features/places/components/new-place-wizard';
import { placesAllowance } from '@/features/places/utils/place-limits';
import { useSession } from '@/lib/auth/session';
import { usePageMeta } from '@/lib/page-meta';
import { usePublicConfig } from '@/lib/public-config';
import { paths } from '@/lib/paths';

/** /new-place: the add-business wizard. A plan already at its number of places goes back to / (docs/product.md §2). */
export default function NewPlaceRoute() {
  const { t } = useTranslation('places');
  usePageMeta(t('wizard.title'));
  const { profile } = useSession();
  const config = usePublicConfig();
  // Decided on arrival: the place just created must not bounce its creator to / on the way out.
  const [allowed] = useState(() => !profile || placesAllowance(profile.planLimits, profile.places.length).canAdd);
  if (!profile) return null;
  if (!allowed) return <Navigate to={paths.root.getHref()} replace />;
  return <NewPlaceWizard profile={profile} demoCatalogue={config.data?.demo.places ?? false} />;
}
