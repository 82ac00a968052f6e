import type { DevMailItem } from '@rankmaps/shared/schemas/dev-mail';
import type { Container } from '../../container';
import { mailRepository } from '../mail/mail.repository';

const OUTBOX_SIZE = 50;

/** The newest stored e-mails, whatever their delivery state, for the developer outbox page. */
export async function listRecentEmails(container: Pick<Container, 'database'>): Promise<DevMailItem[]> {
  const rows = await mailRepository.listRecent(container.database.db, OUTBOX_SIZE);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    kind: row.kind,
    // A mail in the middle of its try is not delivered yet: the outbox shows it as queued.
    status: row.status === 'sending' ? 'queued' : row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}
