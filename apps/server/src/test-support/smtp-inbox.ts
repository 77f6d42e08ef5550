import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type DecodedMail, decodeMail } from './mail-decode.ts';

export interface ReceivedMail extends DecodedMail {
  readonly to: string[];
  readonly raw: string;
}

export interface SmtpInbox {
  /** smtp://127.0.0.1:<port> — give it to the mailer as SMTP_URL. */
  readonly url: string;
  readonly messages: ReceivedMail[];
  /** Messages addressed to one recipient, oldest first. */
  to(address: string): ReceivedMail[];
  /** The newest message to a recipient; throws when there is none. */
  last(address: string): ReceivedMail;
  /** Makes the server refuse the next message (550), as a full mailbox or a broken relay would. */
  refuseNext(): void;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (smtp-server) that keeps what it receives. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust, and nodemailer does not try STARTTLS.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse) {
          refuse = false;
          const error = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push({ to, raw, ...decodeMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    last(address) {
      const found = to(address).at(-1);
      if (!found) throw new Error(`no mail to ${address}`);
      return found;
    },
    refuseNext() {
      refuse = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
