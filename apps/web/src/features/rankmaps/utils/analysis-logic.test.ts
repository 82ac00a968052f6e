import { readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { scheduledForIssue } from '@rankmaps/shared/schemas/rankmaps';
import { formatCount } from '@/lib/format';
import {
  analysisCost,
  dataSourceNotice,
  deleteKind,
  initialSelection,
  isPollingActive,
  isSelectable,
  isoToZonedLocal,
  liveStatus,
  listHasRunning,
  resolveSelection,
  runningPanel,
  timelineState,
  validPointCount,
  zonedLocalToIso,
} from './analysis-logic';

const now = new Date('2025-03-10T12:00:00Z');
const future = '2025-03-11T09:00:00.000Z';
const past = '2025-03-10T11:00:00.000Z';

type E = Parameters<typeof initialSelection>[0][number] & { progress: number; failureReason: string | null };
const entry = (over: Partial<E> = {}): E => ({
  id: 'x',
  status: 'completed',
  kind: 'manual',
  scheduledFor: null,
  virtual: false,
  progress: 100,
  failureReason: null,
  ...over,
});

describe('timelineState', () => {
  it('reads a future scheduled analysis as Programado and a past one as Retrasado', () => {
    expect(timelineState(entry({ status: 'pending', kind: 'scheduled', scheduledFor: future }), now)).toBe('scheduled');
    expect(timelineState(entry({ status: 'pending', kind: 'scheduled', scheduledFor: past }), now)).toBe('delayed');
    // Exactly now: its time has come.
    expect(timelineState(entry({ status: 'pending', kind: 'scheduled', scheduledFor: now.toISOString() }), now)).toBe('delayed');
    expect(timelineState(entry({ status: 'pending', kind: 'weekly', scheduledFor: past }), now)).toBe('delayed');
  });

  it('reads an analysis launched now and not started as queued, then processing, completed or failed', () => {
    expect(timelineState(entry({ status: 'pending', scheduledFor: null }), now)).toBe('queued');
    expect(timelineState(entry({ status: 'processing' }), now)).toBe('processing');
    expect(timelineState(entry({ status: 'processing', kind: 'scheduled', scheduledFor: past }), now)).toBe('processing');
    expect(timelineState(entry({ status: 'completed' }), now)).toBe('completed');
    expect(timelineState(entry({ status: 'failed' }), now)).toBe('failed');
  });

  it('reads the virtual entry as the weekly scan, whatever its status', () => {
    expect(timelineState(entry({ virtual: true, status: 'pending', kind: 'weekly', scheduledFor: future }), now)).toBe('weekly');
  });
});

describe('selectable and deletable entries', () => {
  it('never selects the weekly placeholder or a future one-off', () => {
    expect(isSelectable(entry({ virtual: true, status: 'pending', kind: 'weekly', scheduledFor: future }), now)).toBe(false);
    expect(isSelectable(entry({ status: 'pending', kind: 'scheduled', scheduledFor: future }), now)).toBe(false);
    expect(isSelectable(entry({ status: 'pending', kind: 'scheduled', scheduledFor: past }), now)).toBe(true);
    expect(isSelectable(entry({ status: 'failed' }), now)).toBe(true);
  });

  it('deletes a Programado through the scheduled endpoint and finished ones through the analysis endpoint', () => {
    expect(deleteKind(entry({ status: 'pending', kind: 'scheduled', scheduledFor: future }), now)).toBe('scheduled');
    expect(deleteKind(entry({ status: 'completed' }), now)).toBe('analysis');
    expect(deleteKind(entry({ status: 'failed' }), now)).toBe('analysis');
    expect(deleteKind(entry({ status: 'processing' }), now)).toBeNull();
    expect(deleteKind(entry({ status: 'pending', kind: 'scheduled', scheduledFor: past }), now)).toBeNull();
    expect(deleteKind(entry({ virtual: true, status: 'pending', kind: 'weekly', scheduledFor: future }), now)).toBeNull();
  });
});

describe('initialSelection', () => {
  const weekly = entry({ id: 'w', virtual: true, status: 'pending', kind: 'weekly', scheduledFor: future });
  const programado = entry({ id: 's', status: 'pending', kind: 'scheduled', scheduledFor: future });
  const completedNew = entry({ id: 'c2', status: 'completed' });
  const completedOld = entry({ id: 'c1', status: 'completed' });

  it('takes the latest completed analysis (the list is newest first)', () => {
    expect(initialSelection([weekly, programado, completedNew, completedOld], now)).toBe('c2');
  });

  it('takes the processing analysis instead when there is one', () => {
    expect(initialSelection([weekly, completedNew, entry({ id: 'p', status: 'processing' }), completedOld], now)).toBe('p');
    expect(initialSelection([entry({ id: 'q', status: 'pending' }), completedNew], now)).toBe('q');
  });

  it('falls back to the latest failed one, and to nothing with no analysis to show', () => {
    expect(initialSelection([programado, entry({ id: 'f', status: 'failed' })], now)).toBe('f');
    expect(initialSelection([weekly, programado], now)).toBeNull();
    expect(initialSelection([], now)).toBeNull();
  });

  it('keeps the user’s choice while it exists, and falls back when it is deleted', () => {
    const list = [completedNew, completedOld];
    expect(resolveSelection('c1', list, now)).toBe('c1');
    expect(resolveSelection('gone', list, now)).toBe('c2');
    expect(resolveSelection(null, list, now)).toBe('c2');
  });
});

describe('polling', () => {
  it('polls the selected analysis while it has started and is not finished', () => {
    expect(isPollingActive(entry({ status: 'processing', progress: 20 }), undefined, now)).toBe(true);
    expect(isPollingActive(entry({ status: 'pending' }), undefined, now)).toBe(true);
    expect(isPollingActive(entry({ status: 'pending', kind: 'scheduled', scheduledFor: past }), undefined, now)).toBe(true);
  });

  it('does not poll a future scheduled analysis, the weekly placeholder, or a finished one', () => {
    expect(isPollingActive(entry({ status: 'pending', kind: 'scheduled', scheduledFor: future }), undefined, now)).toBe(false);
    expect(isPollingActive(entry({ virtual: true, status: 'pending', kind: 'weekly', scheduledFor: past }), undefined, now)).toBe(false);
    expect(isPollingActive(entry({ status: 'completed' }), undefined, now)).toBe(false);
    expect(isPollingActive(undefined, undefined, now)).toBe(false);
  });

  it('stops once the polled status says it finished, before the list knows', () => {
    const running = entry({ status: 'processing', progress: 40 });
    expect(isPollingActive(running, { status: 'processing', progress: 60, failureReason: null, waitingVendor: null }, now)).toBe(true);
    expect(isPollingActive(running, { status: 'completed', progress: 100, failureReason: null, waitingVendor: null }, now)).toBe(false);
    expect(isPollingActive(running, { status: 'failed', progress: 40, failureReason: 'x', waitingVendor: null }, now)).toBe(false);
  });

  it('takes the fresher of the polled status and the list entry', () => {
    const running = entry({ status: 'processing', progress: 40 });
    expect(liveStatus(running, { status: 'processing', progress: 55, failureReason: null, waitingVendor: null }).progress).toBe(55);
    // A stale poll from before the list was refreshed never moves the bar back.
    expect(liveStatus(running, { status: 'pending', progress: 0, failureReason: null, waitingVendor: null })).toEqual({
      status: 'processing',
      progress: 40,
      failureReason: null,
      waitingVendor: null,
    });
    expect(liveStatus(entry({ status: 'completed' }), { status: 'processing', progress: 90, failureReason: null, waitingVendor: null }).status).toBe(
      'completed',
    );
  });

  it('refreshes the list while another analysis runs', () => {
    expect(listHasRunning([entry(), entry({ status: 'processing' })], now)).toBe(true);
    expect(listHasRunning([entry(), entry({ status: 'pending', kind: 'scheduled', scheduledFor: future })], now)).toBe(false);
    expect(listHasRunning([entry({ virtual: true, status: 'pending', kind: 'weekly', scheduledFor: past })], now)).toBe(false);
  });
});

describe('cost', () => {
  const matrix = [
    [{ lat: 1, lng: 1 }, null, { lat: 1, lng: 3 }],
    [null, { lat: 2, lng: 2 }, null],
    [{ lat: 3, lng: 1 }, { lat: 3, lng: 2 }, null],
  ];

  it('counts the valid points of the grid (null cells are excluded or on the sea)', () => {
    expect(validPointCount(matrix)).toBe(5);
    expect(validPointCount([])).toBe(0);
    expect(validPointCount([[{ lat: Number.NaN, lng: 1 }]])).toBe(0);
  });

  it('charges pro plans 1 credit per valid point against both balances', () => {
    expect(analysisCost('pro', 49, { subscriptionCredits: 30, extraCredits: 100 })).toEqual({
      kind: 'credits',
      credits: 49,
      balance: 130,
      shortBy: 0,
    });
    expect(analysisCost('pro', 49, { subscriptionCredits: 10, extraCredits: 9 })).toEqual({
      kind: 'credits',
      credits: 49,
      balance: 19,
      shortBy: 30,
    });
  });

  it('includes the analysis in basic plans', () => {
    expect(analysisCost('basic', 49, { subscriptionCredits: 0, extraCredits: 0 })).toEqual({ kind: 'included' });
  });
});

describe('scheduled date in the place’s time zone', () => {
  it('reads the datetime-local value on the place’s clock', () => {
    // Madrid is UTC+1 in winter and UTC+2 in summer.
    expect(zonedLocalToIso('2025-03-11T10:30', 'Europe/Madrid')).toBe('2025-03-11T09:30:00.000Z');
    expect(zonedLocalToIso('2025-07-01T10:30', 'Europe/Madrid')).toBe('2025-07-01T08:30:00.000Z');
    expect(zonedLocalToIso('2025-03-11T10:30', 'America/New_York')).toBe('2025-03-11T14:30:00.000Z');
    expect(zonedLocalToIso('', 'Europe/Madrid')).toBeNull();
    expect(zonedLocalToIso('2025-02-30T10:00', 'Europe/Madrid')).toBeNull();
  });

  it('round-trips with the value shown in the input', () => {
    expect(isoToZonedLocal(new Date('2025-03-11T09:30:00Z'), 'Europe/Madrid')).toBe('2025-03-11T10:30');
    const iso = zonedLocalToIso(isoToZonedLocal(now, 'Asia/Tokyo'), 'Asia/Tokyo');
    expect(iso).toBe(now.toISOString());
  });

  it('gives the spec’s messages through the shared rule', () => {
    const check = (local: string) => scheduledForIssue(local === '' ? '' : (zonedLocalToIso(local, 'Europe/Madrid') ?? local), now);
    expect(check('')).toBe('scheduledForRequired');
    expect(check('2025-03-10T12:00')).toBe('scheduledForPast');
    expect(check('2025-03-30T12:00')).toBe('scheduledForTooFar');
    expect(check('2025-03-11T10:00')).toBeNull();
  });
});

describe('the panel of a running analysis', () => {
  const processing = { status: 'processing' as const, progress: 19, failureReason: null };

  it('says the points are queued at the vendor, with how many came back, in Spanish', async () => {
    const panel = runningPanel(entry({ status: 'processing', kind: 'scheduled', scheduledFor: past }), { ...processing, waitingVendor: { received: 120, total: 625 } }, now);
    expect(panel).toEqual({ key: 'waitingVendor', waiting: { received: 120, total: 625 } });
    // The texts selected-analysis.tsx shows, from the Spanish catalogue.
    const esRankmaps: unknown = JSON.parse(readFileSync(new URL('../../../locales/es/rankmaps.json', import.meta.url), 'utf8'));
    const i18n = createInstance();
    await i18n.init({ lng: 'es', ns: ['rankmaps'], defaultNS: 'rankmaps', resources: { es: { rankmaps: esRankmaps as Record<string, unknown> } }, interpolation: { escapeValue: false } });
    expect(i18n.t(`status.${panel.key}Title`)).toBe('En cola del proveedor');
    const received = i18n.t('status.waitingVendorProgress', { received: formatCount(panel.waiting!.received, 'es'), total: formatCount(panel.waiting!.total, 'es') });
    expect(received).toBe('En cola del proveedor: 120 de 625 puntos recibidos');
  });

  it('shows the progress while it runs live, and queued or delayed before it starts', () => {
    expect(runningPanel(entry({ status: 'processing' }), { ...processing, waitingVendor: null }, now)).toEqual({ key: 'processing', waiting: null });
    const pending = { status: 'pending' as const, progress: 0, failureReason: null, waitingVendor: null };
    expect(runningPanel(entry({ status: 'pending', scheduledFor: null }), pending, now).key).toBe('queued');
    expect(runningPanel(entry({ status: 'pending', kind: 'scheduled', scheduledFor: past }), pending, now).key).toBe('delayed');
  });
});

describe('dataSourceNotice', () => {
  it('labels demo data and Google Places approximations, and nothing for real map searches', () => {
    expect(dataSourceNotice({ isDemo: true, provider: 'demo' })).toBe('demo');
    expect(dataSourceNotice({ isDemo: false, provider: 'google-places' })).toBe('approximation');
    expect(dataSourceNotice({ isDemo: false, provider: 'dataforseo' })).toBeNull();
  });
});
