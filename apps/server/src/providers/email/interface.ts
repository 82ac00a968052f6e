export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (an alert's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** Files sent with it (a report's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * The mail server refused the recipient for good (a 5xx to RCPT TO, which nodemailer reports as
 * rejected): trying again cannot deliver it. The send job gives the mail up and records a bounce.
 */
export class MailRejectedError extends Error {
  constructor(
    message: string,
    readonly responseCode: number,
    readonly rejected: string[],
  ) {
    super(message);
    this.name = 'MailRejectedError';
  }
}

/** Delivers a message that is already stored in the `emails` table. */
export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
