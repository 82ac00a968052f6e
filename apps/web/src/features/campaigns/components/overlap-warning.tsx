import type { CampaignOverlap } from '@rankmaps/shared/schemas/campaigns';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/lib/format';

interface OverlapWarningProps {
  overlap: CampaignOverlap;
  /** Takes these keywords out of the draft. */
  onLeaveOut: (keywordIds: string[]) => void;
}

/**
 * The keywords another campaign (a business's weekly scan included) already scans on the days
 * this one runs, with the credits paid twice, and «Dejar fuera» to drop them before saving
 * (docs/workspace.md «Campañas»).
 */
export function OverlapWarning({ overlap, onLeaveOut }: OverlapWarningProps) {
  const { t, i18n } = useTranslation('campaigns');
  const n = (v: number) => formatCount(v, i18n.language);
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  return (
    <div data-testid="campaign-overlap" role="alert" className="space-y-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      <p className="font-medium">{t('overlap.intro', { count: overlap.keywords.length, credits: t('forecast.credits', { count: overlap.credits, n: n(overlap.credits) }) })}</p>
      <ul className="space-y-1">
        {overlap.keywords.map((k) => (
          <li key={k.keywordId} data-testid="campaign-overlap-keyword">
            {t('overlap.line', { keyword: k.keywordName, place: k.placeName, campaigns: list.format(k.campaigns.map((c) => `«${c}»`)), count: k.runs, credits: t('forecast.credits', { count: k.credits, n: n(k.credits) }) })}
          </li>
        ))}
      </ul>
      <Button variant="secondary" data-testid="campaign-overlap-leave-out" onClick={() => onLeaveOut(overlap.keywords.map((k) => k.keywordId))}>
        {t('overlap.leaveOut')}
      </Button>
    </div>
  );
}
