import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface FakeSmtpServer {
  port: number;
  /** Every message accepted, in order. */
  received: ReceivedMail[];
  /** Connections opened, refused ones included. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1:`port` (0: any free port) that
 * keeps what it receives. `refuse` makes it answer every connection with "421 service not
 * available", as a mail server that is up but not accepting mail does. `answerDelayMs` makes
 * it take that long to accept a message (a slow server), by its recipients. `rejectRecipient`
 * makes it refuse an address for good at RCPT TO ("550 5.1.1 mailbox unavailable"), as a
 * server does for a mailbox that does not exist: nodemailer reports it as rejected.
 * `deferRecipient` answers "450 4.2.1 try again later" instead (greylisting: a temporary refusal).
 */
export async function startSmtpServer(
  port = 0,
  opts: { refuse?: boolean; answerDelayMs?: (to: string[]) => number; rejectRecipient?: (address: string) => boolean; deferRecipient?: (address: string) => boolean } = {},
): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      if (!opts.refuse) return callback();
      callback(Object.assign(new Error('Servicio no disponible, vuelva a intentarlo más tarde'), { responseCode: 421 }));
    },
    onRcptTo(address, _session, callback) {
      if (opts.rejectRecipient?.(address.address)) return callback(Object.assign(new Error('5.1.1 El buzón no existe'), { responseCode: 550 }));
      if (opts.deferRecipient?.(address.address)) return callback(Object.assign(new Error('4.2.1 Vuelva a intentarlo más tarde'), { responseCode: 450 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const accept = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        const delay = opts.answerDelayMs?.(to) ?? 0;
        if (delay > 0) setTimeout(accept, delay);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nobody listens on (yet): where a mail server that is down would be. */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
