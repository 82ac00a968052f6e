import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { installStatementCounter } from '../../test/statement-counter';
import { createTestApp } from '../../test/test-app';

// The counter the statement budgets rely on (src/statement-budgets.api.test.ts), on the driver
// this run uses: what it counts, and what it must leave out.
describe('statement counter (API)', async () => {
  const { app, container } = await createTestApp();
  const db = container.database.db;
  const counter = installStatementCounter(container.database);
  afterAll(() => counter.uninstall());

  it('when work reads once and writes in a transaction, then it counts the read, BEGIN, the write and COMMIT', async () => {
    const { statements } = await counter.count(async () => {
      await db.execute(sql`select 1`);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select 2`);
      });
    });
    expect(statements.map((s) => s.toLowerCase())).toEqual(['select 1', 'begin', 'select 2', 'commit']);
  });

  it('when a transaction fails, then its ROLLBACK is counted', async () => {
    const { statements } = await counter.count(() =>
      db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          throw new Error('no');
        })
        .catch(() => 'failed'),
    );
    expect(statements.map((s) => s.toLowerCase())).toEqual(['begin', 'select 1', 'rollback']);
  });

  it('when other work runs meanwhile and every connection is busy, then only the counted work is counted, once each', async () => {
    // More sleepers than the pool has connections (5 in tests): the counted statements wait for
    // one, and the pool goes on with them when a sleeper's connection comes back.
    const busy = Promise.all(Array.from({ length: 6 }, () => db.execute(sql`select pg_sleep(0.2)`)));
    const { statements } = await counter.count(async () => {
      await db.execute(sql`select 'counted'`);
      await app.inject({ method: 'GET', url: '/api/health' });
    });
    await busy;
    expect(statements.filter((s) => s.includes('pg_sleep'))).toEqual([]);
    expect(statements.filter((s) => s.includes("'counted'"))).toHaveLength(1);
  });
});
