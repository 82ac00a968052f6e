import { expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { ACTIVITY_RETENTION_JOB } from '../../jobs/definitions/activity-retention';
import { activityRetentionCutoff, handleActivityRetention } from '../../jobs/handlers/activity-retention';
import { activityRepository } from './activity.repository';

// The activity log keeps 13 months (docs/decisions.md §30.5): a daily job deletes what is older.

const { container } = await createTestApp({}, { workers: true });

it('deletes the entries older than 13 months and keeps the rest', async () => {
  const user = await buildUser(container, { name: 'Ana' });
  const now = new Date('2027-12-15T12:00:00Z');
  const base = { workspaceId: user.id, actorId: user.id, actorName: 'Ana', kind: 'keyword', action: 'createKeyword' };
  await activityRepository.insert(container.database.db, [
    { ...base, targetLabel: 'antigua', createdAt: new Date('2026-11-15T11:59:59Z') },
    { ...base, targetLabel: 'justo', createdAt: new Date('2026-11-15T12:00:00Z') },
    { ...base, targetLabel: 'reciente', createdAt: new Date('2027-12-01T00:00:00Z') },
  ]);
  expect(activityRetentionCutoff(now).toISOString()).toBe('2026-11-15T12:00:00.000Z');
  expect(await handleActivityRetention(container, now)).toBe(1);
  const left = await activityRepository.list(container.database.db, { workspaceId: user.id }, null, 10);
  expect(left.map((r) => r.targetLabel)).toEqual(['reciente', 'justo']);
  // A second run finds nothing more.
  expect(await handleActivityRetention(container, now)).toBe(0);
});

it('is scheduled daily when the workers start', async () => {
  const schedules = await container.boss.getSchedules();
  expect(schedules.find((s) => s.name === ACTIVITY_RETENTION_JOB)).toMatchObject({ cron: '41 3 * * *', timezone: 'UTC' });
});
