import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; subject: string; text: string };

/** Quoted-printable as nodemailer writes it: soft line breaks and =XX bytes (UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes = joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A real SMTP server on a free local port that keeps what it receives. `rejectNext` makes it
 * refuse the next n messages (a failing mail server).
 */
export async function startSmtpPeer() {
  const received: ReceivedMail[] = [];
  let rejections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (rejections > 0) {
          rejections--;
          callback(new Error('451 try again later'));
          return;
        }
        const raw = chunks.map((chunk) => chunk.toString('latin1')).join('');
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        received.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          subject,
          text: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectNext: (count: number) => {
      rejections = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
