import { creditsText } from '@rankmaps/shared/credit-value';
import type { Container } from '../../container';
import { notifyUser } from '../notifications/notifications.service';
import { BUY_CREDITS_LINK, whenInSpanish } from '../rankmaps/credit-warnings.service';
import { type CampaignRoundRow, type CampaignRow, campaignsRepository } from './campaigns.repository';

/** What the campaign card and the editor show while a campaign is paused for credits. */
export const PAUSED_FOR_CREDITS = 'credits';

const credits = creditsText;

export function pausedReasonText(reason: string | null): string | null {
  if (reason === PAUSED_FOR_CREDITS) return 'Pausada por falta de créditos: compra créditos y reanúdala.';
  return reason ? 'Pausada.' : null;
}

/**
 * A round the credits cannot pay is not run (docs/decisions.md §25.3): the round is marked
 * skipped (so no worker tries it again), the campaign pauses with the reason, and the user is
 * told at once, by every channel they chose for skipped rounds. Each step is idempotent: the
 * pause only from a running campaign, the notification once per round.
 */
export async function pauseForCredits(
  container: Pick<Container, 'boss' | 'config' | 'database' | 'log'>,
  input: { campaign: CampaignRow; round: CampaignRoundRow; cost: number; available: number; timeZone: string; now: Date },
): Promise<void> {
  const { campaign, round, cost, available, timeZone, now } = input;
  const db = container.database.db;
  await db.transaction(async (tx) => {
    await campaignsRepository.skipRound(tx, round.id, PAUSED_FOR_CREDITS);
    await campaignsRepository.pauseRunning(tx, campaign.id, PAUSED_FOR_CREDITS, now);
  });
  const name = campaign.name ?? 'Campaña';
  await notifyUser(container, campaign.userId, [
    {
      kind: 'round-skipped-no-credits',
      dedupeKey: `round-skipped-no-credits:campaign:${round.id}`,
      placeId: null,
      title: `La campaña «${name}» se ha pausado por falta de créditos`,
      body: `La ronda de ${whenInSpanish(round.scheduledFor, now, timeZone)} necesitaba ${credits(cost)} y tenías ${credits(available)}, así que no se ha hecho y la campaña queda en pausa. Compra créditos y reanúdala desde Campañas.`,
      link: BUY_CREDITS_LINK,
      data: { button: 'Comprar créditos', round: 'campaign', campaignId: campaign.id, ref: round.slot, at: round.scheduledFor.toISOString(), needed: cost, available },
    },
  ]);
}
