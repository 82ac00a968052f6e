import { useCan } from '@/lib/workspace/use-workspace';
import type { CreatedShareLink, ShareLink, ShareScope } from '@rankmaps/shared/schemas/share-links';
import { Share2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { CopyButton } from '@/components/ui/copy-button';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { formatCount, formatMediumDate } from '@/lib/format';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';

/** What a «Compartir» button can share: an analysis, a keyword's history or a business. */
export interface ShareTarget {
  scope: ShareScope;
  targetId: string;
  /** What the choice is called when there are several («Este análisis»). */
  label: string;
}

const EXPIRIES = [
  { value: null, key: 'share.expiryNever' },
  { value: 30, key: 'share.expiry30' },
  { value: 90, key: 'share.expiry90' },
] as const;

const STATE_STYLE: Record<ShareLink['state'], string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  expired: 'bg-slate-100 text-slate-700 ring-slate-300',
  revoked: 'bg-red-50 text-red-800 ring-red-200',
};

/** «Compartir»: opens the dialog that makes and lists the public links of a report (docs/reports.md "Share links"). */
export function ShareButton({ targets }: { targets: ShareTarget[] }) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  // Share links are for roles with 'share.manage' (docs/decisions.md §30.7).
  const canShare = useCan('share.manage');
  if (targets.length === 0 || !canShare) return null;
  return (
    <>
      <Button variant="secondary" className="shrink-0" onClick={() => setOpen(true)} data-testid="share-button">
        <Share2Icon className="h-4 w-4" aria-hidden="true" />
        {t('share.button')}
      </Button>
      {open && <ShareDialog targets={targets} onClose={() => setOpen(false)} />}
    </>
  );
}

function ShareDialog({ targets, onClose }: { targets: ShareTarget[]; onClose: () => void }) {
  const { t } = useTranslation('reports');
  const [index, setIndex] = useState(0);
  const target = targets[index] ?? targets[0]!;
  const choiceName = useId();
  return (
    <Modal title={t('share.title')} description={t('share.description')} closeLabel={t('share.close')} onClose={onClose}>
      {targets.length > 1 && (
        <fieldset className="mb-4">
          <legend className="sr-only">{t('share.title')}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {targets.map((tg, i) => (
              <label key={tg.scope} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" name={choiceName} checked={i === index} onChange={() => setIndex(i)} className="h-4 w-4" />
                {tg.label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <ShareTargetPanel key={`${target.scope}:${target.targetId}`} target={target} />
    </Modal>
  );
}

function ShareTargetPanel({ target }: { target: ShareTarget }) {
  const { t, i18n } = useTranslation('reports');
  const [expiry, setExpiry] = useState<30 | 90 | null>(null);
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  const create = useCreateShareLink(target.scope, target.targetId);
  const expiryId = useId();
  const urlId = useId();

  const onCreate = () => {
    // One link per click: the button is disabled while the request runs.
    if (create.isPending) return;
    create.mutate(expiry, { onSuccess: (link) => setCreated(link) });
  };
  const createError = create.error instanceof ApiError && create.error.status > 0 && create.error.status < 500 ? create.error.message : t('share.createError');

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={expiryId} className="block text-sm font-medium text-slate-800">
            {t('share.expiry')}
          </label>
          <select
            id={expiryId}
            value={expiry === null ? '' : String(expiry)}
            onChange={(e) => setExpiry(e.target.value === '' ? null : (Number(e.target.value) as 30 | 90))}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {EXPIRIES.map((o) => (
              <option key={o.key} value={o.value === null ? '' : String(o.value)}>
                {t(o.key)}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={onCreate} loading={create.isPending} data-testid="share-create">
          {create.isPending ? t('share.creating') : t('share.create')}
        </Button>
      </div>
      {create.isError && (
        <p role="alert" className="text-sm text-red-700">
          {createError}
        </p>
      )}
      {created && (
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-3">
          <p role="status" className="text-sm text-emerald-900">
            {t('share.created')}
          </p>
          <label htmlFor={urlId} className="mt-2 block text-sm font-medium text-slate-800">
            {t('share.urlLabel')}
          </label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input id={urlId} readOnly value={created.url} onFocus={(e) => e.currentTarget.select()} className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-xs" data-testid="share-url" />
            <CopyButton key={created.id} value={created.url} texts={copyTexts(t)} testId="share-copy" />
          </div>
        </div>
      )}
      <LinkList target={target} language={i18n.language} />
    </div>
  );
}

function LinkList({ target, language }: { target: ShareTarget; language: string }) {
  const { t } = useTranslation('reports');
  const links = useShareLinks(target.scope, target.targetId);
  const revoke = useRevokeShareLink(target.scope, target.targetId);
  const [confirming, setConfirming] = useState<string | null>(null);
  const headingId = useId();

  const body = (
    <QueryState
      query={links}
      loading={t('share.loading')}
      error={t('share.loadError')}
      isEmpty={(data) => data.links.length === 0}
      empty={<p className="text-sm text-slate-600">{t('share.empty')}</p>}
    >
      {(data) => (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="share-links">
          {data.links.map((link) => (
            <li key={link.id} className="p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATE_STYLE[link.state]}`}>
                  <span className="sr-only">{t('share.stateLabel')}: </span>
                  {t(`share.state.${link.state}`)}
                </span>
                {link.state === 'active' && confirming !== link.id && (
                  <div className="flex flex-wrap items-center gap-2">
                    {link.url !== null && <CopyButton value={link.url} texts={copyTexts(t)} compact testId="share-copy" />}
                    <Button variant="ghost" className="py-1! text-red-700!" onClick={() => setConfirming(link.id)}>
                      {t('share.revoke')}
                    </Button>
                  </div>
                )}
              </div>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-slate-700">
                <dt className="font-medium">{t('share.createdAt')}</dt>
                <dd className="m-0">{formatMediumDate(link.createdAt, language)}</dd>
                <dt className="font-medium">{t('share.expires')}</dt>
                <dd className="m-0">{link.expiresAt ? formatMediumDate(link.expiresAt, language) : t('share.never')}</dd>
                <dt className="font-medium">{t('share.views')}</dt>
                <dd className="m-0">{formatCount(link.views, language)}</dd>
                <dt className="font-medium">{t('share.lastView')}</dt>
                <dd className="m-0">{link.lastViewedAt ? formatMediumDate(link.lastViewedAt, language) : t('share.noViews')}</dd>
              </dl>
              {confirming === link.id && (
                <div role="group" aria-label={t('share.revokeTitle')} className="mt-3 rounded-lg bg-red-50 p-3">
                  <p className="font-medium text-red-900">{t('share.revokeTitle')}</p>
                  <p className="mt-1 text-red-900">{t('share.revokeText')}</p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button
                      variant="danger"
                      loading={revoke.isPending}
                      onClick={() => revoke.mutate(link.id, { onSuccess: () => setConfirming(null) })}
                      data-testid="share-revoke-confirm"
                    >
                      {t('share.revokeConfirm')}
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirming(null)}>
                      {t('share.cancel')}
                    </Button>
                  </div>
                  {revoke.isError && (
                    <p role="alert" className="mt-2 text-red-800">
                      {t('share.revokeError')}
                    </p>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('share.links')}
      </h3>
      <div className="mt-2">{body}</div>
    </section>
  );
}


const copyTexts = (t: (key: string) => string) => ({ copy: t('share.copy'), copied: t('share.copied'), copyFailed: t('share.copyFailed') });
