import type { CampaignFields } from '@rankmaps/shared/schemas/campaigns';

// The checks of a campaign that need the server's facts (docs/decisions.md §25.3): what a round
// costs at the provider's rate, and whether it fits in the window.

/** Minutes one round needs: every point of every analysis at the shared rate limit (a lower bound when others scan too). */
export function roundMinutes(totalPoints: number, ratePerMinute: number): number {
  return Math.ceil(totalPoints / Math.max(1, ratePerMinute));
}

/** Why a window is too short for the round, in Spanish with the estimate, or null when it fits (or there is none). */
export function windowProblem(c: Pick<CampaignFields, 'hour' | 'window'>, totalPoints: number, ratePerMinute: number): string | null {
  if (!c.window) return null;
  const available = (c.window.end - c.hour) * 60;
  const needed = roundMinutes(totalPoints, ratePerMinute);
  if (needed <= available) return null;
  const num = new Intl.NumberFormat('es-ES');
  return `La ronda no cabe en la ventana: necesita unos ${num.format(needed)} minutos (${num.format(totalPoints)} puntos a ${num.format(ratePerMinute)} por minuto) y desde las ${String(c.hour).padStart(2, '0')}:00 hasta el cierre de la ventana hay ${num.format(available)}. Amplía la ventana o quita keywords.`;
}
