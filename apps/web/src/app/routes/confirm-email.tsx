import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmEmailStatus } from '@/features/auth/components/confirm-email-status';
import { safeRedirect } from '@/features/auth/utils/redirect';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

export default function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('confirm.metaTitle'), t('confirm.metaDescription'));
  const params = useParams();
  const [search] = useSearchParams();
  // The full link is /confirm-email/:type/:token; a bare /confirm-email/:token is a user link.
  const type = params.token ? params.type : params.type ? 'user' : undefined;
  const token = params.token ?? params.type;
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-12 sm:py-20">
      <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-10">
        <ConfirmEmailStatus type={type} token={token} redirect={safeRedirect(search.get('redirect'), paths.profile.getHref())} />
      </div>
    </section>
  );
}
