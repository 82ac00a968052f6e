import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reportBrands } from '../../db/report-brand-schema';

export type ReportBrandRow = typeof reportBrands.$inferSelect;

/** The white-label settings, one row per user (docs/decisions.md §24.5). */
export const reportBrandRepository = {
  async find(db: DbOrTx, userId: string): Promise<ReportBrandRow | undefined> {
    const [row] = await db.select().from(reportBrands).where(eq(reportBrands.userId, userId));
    return row;
  },
  /** Locks the row (when there is one) until the transaction ends, so concurrent logo changes queue. */
  async findForUpdate(db: DbOrTx, userId: string): Promise<ReportBrandRow | undefined> {
    const [row] = await db.select().from(reportBrands).where(eq(reportBrands.userId, userId)).for('update');
    return row;
  },
  async findByLogoKey(db: DbOrTx, logoKey: string): Promise<Pick<ReportBrandRow, 'logo'> | undefined> {
    const [row] = await db.select({ logo: reportBrands.logo }).from(reportBrands).where(eq(reportBrands.logoKey, logoKey));
    return row;
  },
  async saveSettings(db: DbOrTx, userId: string, values: Pick<ReportBrandRow, 'name' | 'accent' | 'contact' | 'footer' | 'hidePoweredBy'>): Promise<void> {
    const updatedAt = new Date();
    await db
      .insert(reportBrands)
      .values({ userId, ...values, updatedAt })
      .onConflictDoUpdate({ target: reportBrands.userId, set: { ...values, updatedAt } });
  },
  async setLogo(db: DbOrTx, userId: string, logo: { logo: string; logoKey: string } | null): Promise<void> {
    const values = { logo: logo?.logo ?? null, logoKey: logo?.logoKey ?? null, updatedAt: new Date() };
    await db.insert(reportBrands).values({ userId, ...values }).onConflictDoUpdate({ target: reportBrands.userId, set: values });
  },
};
