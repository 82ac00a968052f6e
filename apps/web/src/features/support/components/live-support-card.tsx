import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getPlan } from '@rankmaps/shared/plans';
import { cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import { CheckIcon, HeadsetIcon, LockIcon, MessageCircleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useChatPanel } from '@/lib/chat-panel';
import { paths } from '@/lib/paths';

/**
 * What support the user's plan includes (docs/decisions.md §27.1): tickets by email on every
 * plan; live chat and video call on Premium and the agency plans. Without them, the plan that
 * adds them, in the words of the upgrade prompts («Disponible desde Premium»). With live
 * support, «Abrir el chat» opens the shell's chat panel (docs/support.md, «Chat en vivo»).
 */
export function LiveSupportCard({ currentPlan }: { currentPlan: string | null | undefined }) {
  const { t } = useTranslation('support');
  const live = getPlan(currentPlan ?? '')?.liveSupport ?? false;
  const chat = useChatPanel();
  const target = cheapestPlanFor({ kind: 'liveSupport' }, currentPlan);
  const availability =
    target.kind === 'plan' ? t('live.fromPlan', { plan: target.plan.name }) : target.kind === 'audience' ? t('live.inAgencyPlans') : null;
  return (
    <section aria-labelledby="support-live-title" data-testid="support-live" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="support-live-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <HeadsetIcon aria-hidden="true" className="h-4 w-4 text-brand-700" />
        {t('live.title')}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        <li className="flex items-start gap-2 text-slate-800">
          <CheckIcon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
          {t('live.tickets')}
        </li>
        <li className={`flex items-start gap-2 ${live ? 'text-slate-800' : 'text-slate-600'}`}>
          {live ? (
            <CheckIcon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
          ) : (
            <LockIcon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
          )}
          <span>
            {t('live.chatAndVideo')}
            {': '}
            <strong data-testid="support-live-status">{live ? t('live.included') : availability}</strong>
          </span>
        </li>
      </ul>
      {live ? (
        <div className="mt-3 space-y-2">
          <p className="text-sm text-slate-600">{t('live.chatHint')}</p>
          {chat && (
            <Button variant="secondary" onClick={chat.openChat} aria-haspopup="dialog" data-testid="support-open-chat">
              <MessageCircleIcon aria-hidden="true" className="h-4 w-4" />
              {t('live.openChat')}
            </Button>
          )}
          <a href="#videollamada" className="block text-sm text-slate-600 hover:underline">{t('live.videoHint')}</a>
        </div>
      ) : (
        <Link to={paths.subscription.getHref()} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
          {t('live.seePlans')}
        </Link>
      )}
    </section>
  );
}
