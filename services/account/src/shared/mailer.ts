// Outgoing mail: SMTP through nodemailer when SMTP_URL is set; otherwise (the embedded default)
// each message is written to DATA_DIR/outbox/<time>-<id>.eml and logged, so a station without a
// mail server can still hand the link to the user.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@airwave/logging';
import type { LogTrace } from '@airwave/service-kit';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends a message; `trace` ties its log line to the request that sent it. */
  send(message: MailMessage, trace?: LogTrace): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string | undefined; from: string; outboxDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message, trace) {
        await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ ...trace, to: message.to, subject: message.subject }, 'Mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, trace) {
      const info = (await transport.sendMail({ from: options.from, ...message })) as unknown as { message: Buffer };
      await mkdir(options.outboxDir, { recursive: true });
      const file = join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message, { mode: 0o600 });
      options.logger.info({ ...trace, to: message.to, subject: message.subject, file }, 'No SMTP_URL: mail written to the outbox');
    },
    close: () => transport.close(),
  };
}
