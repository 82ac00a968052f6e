import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { buttonClass } from './button';

/**
 * A data page's «not found»: what was asked for is not there, or not this person's to see (a
 * business of a client they are not assigned to answers 404 as if it did not exist).
 */
export function NotFoundState({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="not-found-state-title"
      data-testid="not-found-state"
      className="mx-auto max-w-xl rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-200"
    >
      <h1 id="not-found-state-title" className="text-xl font-bold text-slate-900">
        {title}
      </h1>
      <p className="mt-2 text-slate-600">{body}</p>
      <Link to={paths.root.getHref()} className={`${buttonClass('primary')} mt-6`}>
        {t('notFound.back')}
      </Link>
    </section>
  );
}
