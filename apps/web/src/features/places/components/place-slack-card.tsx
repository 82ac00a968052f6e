import { useTranslation } from 'react-i18next';
import { MessageSquareIcon } from 'lucide-react';
import { SlackWebhookForm } from '@/components/notifications/slack-webhook-form';

/** The place's own Slack webhook, overriding the user's for its alerts (docs/decisions.md §23.3, "Wiring"). */
export function PlaceSlackCard({ placeId }: { placeId: string }) {
  const { t } = useTranslation('notifications');
  return (
    <section aria-labelledby="place-slack-title" data-testid="place-slack-card" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start gap-3">
        <span className="mt-0.5 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <MessageSquareIcon className="h-4 w-4" />
        </span>
        <div className="flex-1">
          <h2 id="place-slack-title" className="mb-1 text-base font-semibold text-slate-900">
            {t('slack.placeTitle')}
          </h2>
          <SlackWebhookForm path={`/place/${encodeURIComponent(placeId)}/slack`} help={t('slack.placeHelp')} testId="place-slack-webhook" />
        </div>
      </div>
    </section>
  );
}
