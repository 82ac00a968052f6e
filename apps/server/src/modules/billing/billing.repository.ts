import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { billingCustomers, billingEvents, devPlanOverrides, payments, subscriptions } from '../../db/billing-schema';
import { appSettings } from '../../db/schema';
import { places } from '../../db/places-schema';
import { keywords } from '../../db/rankmaps-schema';
import { usersRepository } from '../users/users.repository';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
export type DevPlanOverride = typeof devPlanOverrides.$inferSelect['planLimits'];

/** Statuses that still give access to the plan (past_due is the grace period while the provider retries). */
export const ACCESS_STATUSES = ['trialing', 'active', 'past_due'] as const;

const findCurrentSubscription = preparedStatement('subscription_find_current', (db) =>
  db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, sql.placeholder('userId')), inArray(subscriptions.status, [...ACCESS_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1),
);

export const billingRepository = {
  /**
   * Whom the workspace's billing speaks to: its current owner (docs/decisions.md §30.3), whose
   * e-mail and name go to the provider and on the billing e-mails. `id` stays the workspace's,
   * which the provider's customer is keyed by. One statement, as when the account was the
   * workspace: the owner is looked up inside it, and a workspace with no owner row reads the
   * user with its id.
   */
  async findUser(db: DbOrTx, userId: string) {
    const row = await usersRepository.findWorkspaceOwner(db, userId);
    return row ? { id: userId, email: row.email, name: row.name, mailConfirmed: row.mailConfirmed } : undefined;
  },

  /** True the first time an event id is seen; false for a duplicate delivery. */
  async recordEvent(tx: DbOrTx, id: string, type: string): Promise<boolean> {
    const rows = await tx.insert(billingEvents).values({ id, type }).onConflictDoNothing().returning({ id: billingEvents.id });
    return rows.length > 0;
  },

  async findCustomerByUser(db: DbOrTx, userId: string) {
    const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
    return row;
  },

  async findUserIdByCustomer(db: DbOrTx, customerId: string): Promise<string | undefined> {
    const [row] = await db.select({ userId: billingCustomers.userId }).from(billingCustomers).where(eq(billingCustomers.customerId, customerId));
    return row?.userId;
  },

  async insertCustomer(db: DbOrTx, row: typeof billingCustomers.$inferInsert) {
    await db.insert(billingCustomers).values(row).onConflictDoNothing();
    return billingRepository.findCustomerByUser(db, row.userId);
  },

  /** Writes the provider's state unless newer state is already stored. */
  async upsertSubscription(tx: DbOrTx, row: NewSubscription): Promise<void> {
    const { id: _id, createdAt: _c, ...changes } = row;
    await tx
      .insert(subscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: subscriptions.id,
        set: { ...changes, updatedAt: new Date() },
        setWhere: sql`${subscriptions.stateVersion} <= ${row.stateVersion ?? 0}`,
      });
  },

  async updateSubscription(tx: DbOrTx, id: string, changes: Partial<NewSubscription>) {
    await tx
      .update(subscriptions)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(subscriptions.id, id));
  },

  /** Records a move down waiting for the end of the period (docs/decisions.md §22.1). */
  async setScheduledChange(tx: DbOrTx, id: string, change: { priceId: string; at: Date; scheduleId: string }) {
    await billingRepository.updateSubscription(tx, id, { scheduledPriceId: change.priceId, scheduledAt: change.at, scheduleId: change.scheduleId });
  },

  /**
   * Drops the scheduled change of a subscription; with `scheduleId`, only when it is still that
   * schedule (a late event about a schedule since replaced changes nothing). True when one was dropped.
   */
  async clearScheduledChange(tx: DbOrTx, id: string, scheduleId?: string): Promise<boolean> {
    const rows = await tx
      .update(subscriptions)
      .set({ scheduledPriceId: null, scheduledAt: null, scheduleId: null, updatedAt: new Date() })
      .where(and(eq(subscriptions.id, id), isNotNull(subscriptions.scheduledPriceId), ...(scheduleId ? [eq(subscriptions.scheduleId, scheduleId)] : [])))
      .returning({ id: subscriptions.id });
    return rows.length > 0;
  },

  /** The subscription waiting on a provider's schedule, if any. */
  async findBySchedule(db: DbOrTx, scheduleId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.scheduleId, scheduleId));
    return row;
  },

  /** The user's businesses with their keyword counts, oldest first: what a lower plan's limits are checked against. */
  async placesWithKeywordCounts(db: DbOrTx, userId: string): Promise<{ id: string; name: string; keywords: number; gridSize: number }[]> {
    const rows = await db
      .select({ id: places.id, name: places.name, keywords: count(keywords.id), gridSize: sql<number>`(${places.matrixConfig}->>'gridSize')::int` })
      .from(places)
      .leftJoin(keywords, eq(keywords.placeId, places.id))
      .where(eq(places.userId, userId))
      .groupBy(places.id, places.name, places.createdAt)
      .orderBy(asc(places.createdAt), asc(places.id));
    return rows.map((r) => ({ ...r, keywords: Number(r.keywords), gridSize: Number(r.gridSize) }));
  },

  async findSubscription(db: DbOrTx, id: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row;
  },

  /** The subscription that gives the user a plan now, if any (the newest with access). */
  async findCurrentSubscription(db: DbOrTx, userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await findCurrentSubscription(db).execute({ userId });
    return row;
  },

  /** Trials not cancelled whose end falls in (from, to]: the ones to remind before the first charge. */
  async listTrialsEndingBetween(db: DbOrTx, from: Date, to: Date): Promise<SubscriptionRow[]> {
    return db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.status, 'trialing'), eq(subscriptions.cancelAtPeriodEnd, false), gt(subscriptions.trialEnd, from), lte(subscriptions.trialEnd, to)));
  },

  /** Annual subscriptions in good standing, whose plan credits are granted month by month. */
  async listAnnualInGoodStanding(db: DbOrTx): Promise<SubscriptionRow[]> {
    return db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.billingPeriod, 'annual'), inArray(subscriptions.status, ['active', 'trialing'])));
  },

  async hasAnySubscription(db: DbOrTx, userId: string): Promise<boolean> {
    const rows = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
    return rows.length > 0;
  },

  async upsertPayment(tx: DbOrTx, row: typeof payments.$inferInsert): Promise<void> {
    const { id: _id, createdAt: _c, ...changes } = row;
    await tx.insert(payments).values(row).onConflictDoUpdate({ target: payments.id, set: changes });
  },

  /**
   * Records a failed attempt of an invoice, unless the invoice is already paid (the retry's
   * payment arrived first) or a newer attempt of it is on record. In the statement itself, so
   * a payment committed meanwhile is seen. True when written.
   */
  async upsertFailedPayment(tx: DbOrTx, row: typeof payments.$inferInsert & { status: 'failed' }): Promise<boolean> {
    const { id: _id, createdAt: _c, ...changes } = row;
    const written = await tx
      .insert(payments)
      .values(row)
      .onConflictDoUpdate({ target: payments.id, set: changes, setWhere: and(eq(payments.status, 'failed'), lte(payments.date, row.date)) })
      .returning({ id: payments.id });
    return written.length > 0;
  },

  /** The newest failed (not since paid) invoice of the subscription, if any. */
  async findNewestFailedPayment(db: DbOrTx, userId: string, subscriptionId: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.subscriptionId, subscriptionId), eq(payments.status, 'failed')))
      .orderBy(desc(payments.date))
      .limit(1);
    return row;
  },

  async findPayment(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  },

  async listPayments(db: DbOrTx, userId: string, limit: number): Promise<PaymentRow[]> {
    return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.date)).limit(limit);
  },

  async findDevOverride(db: DbOrTx, userId: string): Promise<DevPlanOverride | undefined> {
    const [row] = await db.select({ planLimits: devPlanOverrides.planLimits }).from(devPlanOverrides).where(eq(devPlanOverrides.userId, userId));
    return row?.planLimits;
  },

  async upsertDevOverride(tx: DbOrTx, userId: string, planLimits: DevPlanOverride): Promise<void> {
    await tx
      .insert(devPlanOverrides)
      .values({ userId, planLimits })
      .onConflictDoUpdate({ target: devPlanOverrides.userId, set: { planLimits, updatedAt: new Date() } });
  },

  /**
   * Takes the named lease (a row of app_settings) unless another holder took it after
   * `staleBefore`. Exactly one of several racing callers gets true, on PGlite and on
   * PostgreSQL; a holder that died leaves a lease that goes stale and can be taken over.
   */
  async claimLease(db: DbOrTx, key: string, staleBefore: Date): Promise<boolean> {
    const now = new Date();
    const rows = await db
      .insert(appSettings)
      .values({ key, value: 'lease', updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { updatedAt: now }, setWhere: lt(appSettings.updatedAt, staleBefore) })
      .returning({ key: appSettings.key });
    return rows.length > 0;
  },

  async releaseLease(db: DbOrTx, key: string): Promise<void> {
    await db.delete(appSettings).where(eq(appSettings.key, key));
  },
};
