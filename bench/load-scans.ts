import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import { type MixState, browserHeaders } from './load-mix';

// Scans running in the server's worker while the reads go on: every few seconds one
// user starts an analysis the way the New Analysis modal does (POST analyze-advanced), and the
// mix's status polls follow it until it finishes. These POSTs are not part of the measured mix.

export interface ScanDriver {
  stop(): void;
  result(): { queued: number; points: number; rejected: { status: number; body: string }[] };
}

export function driveScans(baseUrl: string, state: MixState, everyMs: number): ScanDriver {
  let next = 0;
  let queued = 0;
  let points = 0;
  const rejected: { status: number; body: string }[] = [];
  const queueOne = async () => {
    // Round robin over users and their keywords, so small and large grids alternate.
    const user = state.users[next % state.users.length]!;
    const keywordId = user.keywordIds[Math.floor(next / state.users.length) % user.keywordIds.length]!;
    next++;
    const res = await fetch(`${baseUrl}/api/rankmap/keyword/${keywordId}/analyze-advanced`, {
      method: 'POST',
      headers: { ...browserHeaders(user.token), 'content-type': 'application/json' },
      body: JSON.stringify({ useWorker: true }),
    });
    const text = await res.text();
    if (res.status !== 201) {
      rejected.push({ status: res.status, body: text.slice(0, 200) });
      return;
    }
    const body = JSON.parse(text) as AnalyzeResponse;
    queued++;
    points += body.totalPoints;
    state.queued(body.rankMapId, user);
  };
  const fire = () =>
    void queueOne().catch((err: unknown) => {
      rejected.push({ status: 0, body: String(err) });
    });
  // 0: no scans, to see what they cost the reads.
  if (everyMs <= 0) return { stop: () => {}, result: () => ({ queued, points, rejected }) };
  fire();
  const timer = setInterval(fire, everyMs);
  return {
    stop: () => clearInterval(timer),
    result: () => ({ queued, points, rejected }),
  };
}
