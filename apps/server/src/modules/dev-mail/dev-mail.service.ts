import type { DevMailItem } from '@rankmaps/shared/schemas/dev-mail';
import type { Container } from '../../container';
import { mailRepository } from '../mail/mail.repository';
import { isUuid } from '../../lib/uuid';

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
    ...(row.attachments?.length
      ? { attachments: row.attachments.map((a, i) => ({ filename: a.filename, contentType: a.contentType, size: a.size, url: `/api/dev/mail/${row.id}/attachments/${i}` })) }
      : {}),
  }));
}

/** One attachment of a stored e-mail, or null when the mail or the attachment does not exist. */
export async function emailAttachment(container: Pick<Container, 'database'>, id: string, index: number): Promise<{ filename: string; contentType: string; content: Buffer } | null> {
  if (!isUuid(id)) return null;
  const db = container.database.db;
  const row = await mailRepository.findById(db, id);
  const ref = row?.attachments?.[index];
  if (!ref) return null;
  const [content] = await mailRepository.attachmentContents(db, [ref]);
  return content ? { filename: ref.filename, contentType: ref.contentType, content } : null;
}
