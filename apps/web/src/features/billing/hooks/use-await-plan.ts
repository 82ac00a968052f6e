import { useEffect } from 'react';
import { hasPaidPlan, useSession } from '@/lib/auth/session';

const POLL_MS = 2000;
const MAX_POLLS = 15;

/**
 * After a paid checkout, reloads the profile so the guards see the new plan. With Stripe
 * the plan arrives by webhook a moment later, so while the profile still has no plan it is
 * asked again every 2 s, for up to 30 s. Returns whether the plan is there yet.
 */
export function useAwaitPlan(active: boolean, expectPlan: boolean): boolean {
  const { profile, refreshProfile } = useSession();
  const hasPlan = hasPaidPlan(profile);

  useEffect(() => {
    if (!active) return;
    void refreshProfile();
  }, [active, refreshProfile]);

  useEffect(() => {
    if (!active || !expectPlan || hasPlan) return;
    let polls = 0;
    const timer = window.setInterval(() => {
      polls += 1;
      if (polls > MAX_POLLS) window.clearInterval(timer);
      else void refreshProfile();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, expectPlan, hasPlan, refreshProfile]);

  return hasPlan;
}
