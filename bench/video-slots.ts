import { loadavg } from 'node:os';
import { bookableSlots } from '@rankmaps/shared/support-hours';
import type { VideoSlotsResponse } from '@rankmaps/shared/schemas/video-call';
import { videoBookings } from '../apps/server/src/db/video-call-schema';
import { percentile, round, runWhenAlone } from './lib';
import { openScanEnv, subscribedUser } from './scan-env';

// The video calls' free slots (issue 20, docs/support.md «Videollamada»): GET
// /api/general/support/video/slots with the 14-day calendar nearly full (every other slot
// booked), through the app (inject: routing, auth, the plan check, the query of the taken
// slots and the slot maths), time to the answer.

const WARM_UP = 10;
const CALLS = 100;

export async function benchVideoSlots(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl, env: { RATE_LIMIT_GLOBAL_MAX: '100000' } });
  try {
    const { app, container } = env;
    const { user, headers } = await subscribedUser(env, 'premium');
    // Every other slot of the window booked, written directly (the route caps a user at 3).
    const slots = bookableSlots(new Date(Date.now() + 60_000));
    const taken = slots.filter((_, i) => i % 2 === 0);
    await container.database.db.insert(videoBookings).values(taken.map((startsAt) => ({ userId: user.id, startsAt, userTimeZone: 'Europe/Madrid', meetingUrl: 'https://meet.jit.si/RankMaps-bench' })));

    const call = async () => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/general/support/video/slots', headers });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`GET answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return { ms, body: res.json<VideoSlotsResponse>() };
    };
    const first = await call();
    for (let i = 0; i < WARM_UP; i++) await call();
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) times.push((await call()).ms);
    times.sort((a, b) => a - b);
    return {
      name: `GET /api/general/support/video/slots, 14 days with ${taken.length} of ${slots.length} slots booked, app.inject (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      freeSlots: first.body.slots.length,
      firstRequestMs: round(first.ms),
      answer: { calls: CALLS, p50Ms: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)), p99Ms: round(percentile(times, 99)) },
    };
  } finally {
    await env.close();
  }
}

await runWhenAlone(import.meta.url, benchVideoSlots);
