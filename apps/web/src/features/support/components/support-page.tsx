import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { LiveSupportCard } from './live-support-card';
import { SupportForm } from './support-form';
import { SupportSidebar } from './support-sidebar';
import { SupportTickets } from './support-tickets';
import { VideoCallCard } from './video-call-card';

/** /support (docs/product.md §2): the ticket form and the user's tickets, with the user's details beside them (above on a phone). */
export function SupportPage({ profile }: { profile: Profile }) {
  const { t } = useTranslation('support');
  return (
    <div data-page="support" className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-slate-600">{t('lead')}</p>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-4 lg:order-2">
          <LiveSupportCard currentPlan={profile.currentPlan} />
          <SupportSidebar profile={profile} />
        </div>
        <div className="min-w-0 space-y-6 lg:order-1 lg:col-span-2">
          <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <SupportForm profile={profile} />
          </div>
          {/* Its own namespace loads late: its own Suspense, so the page never blanks while it does. */}
          <Suspense fallback={null}>
            <VideoCallCard currentPlan={profile.currentPlan} />
          </Suspense>
          <SupportTickets />
        </div>
      </div>
    </div>
  );
}
