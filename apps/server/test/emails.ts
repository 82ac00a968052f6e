import { and, desc, eq, sql } from 'drizzle-orm';
import type { Container } from '../src/container';
import { emails } from '../src/db/schema';
import { BILLING_MAIL_JOB } from '../src/jobs/definitions/billing-mail';

// The e-mails the app stored for sending (the outbox), as a test reads them.

export type EmailRow = typeof emails.$inferSelect;

/** The newest e-mail of this kind sent to the address, if any. */
export async function latestEmail(container: Container, to: string, kind: string): Promise<EmailRow | undefined> {
  const [row] = await container.database.db
    .select()
    .from(emails)
    .where(and(eq(emails.to, to), eq(emails.kind, kind)))
    .orderBy(desc(emails.createdAt))
    .limit(1);
  return row;
}

export async function countEmails(container: Container, to: string): Promise<number> {
  const rows = await container.database.db.select({ id: emails.id }).from(emails).where(eq(emails.to, to));
  return rows.length;
}

/** The token in the first link of an e-mail that points at `path` (e.g. '/confirm-email/user/'). */
export function tokenFromLink(text: string, path: string): string {
  const match = new RegExp(`${path.replaceAll('/', '\\/')}([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return match[1];
}

/**
 * The billing-mail jobs (receipts, failed payments) pg-boss will still run. Once it is 0, every
 * mail the billing events asked for is in the outbox, so a test can count them without sleeping.
 */
export async function pendingBillingMails(container: Container): Promise<number> {
  // Both drivers answer a raw statement with a `rows` array.
  const result: unknown = await container.database.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = ${BILLING_MAIL_JOB} and state::text in ('created', 'retry', 'active')`,
  );
  return Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
