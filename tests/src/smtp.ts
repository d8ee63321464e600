// A real local SMTP server for tests: collects every message so a test can read its link.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Inbox {
  url: string;
  messages: ParsedMail[];
  /**
   * Waits for a message to `to` (the n-th, default the first; only those whose subject holds
   * `subject` when given: mails sent at the same moment may arrive in either order) and returns it.
   */
  waitFor(to: string, options?: { count?: number; subject?: string; timeoutMs?: number }): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const recipients = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, { count = 1, subject, timeoutMs = 5000 } = {}) {
      const started = Date.now();
      for (;;) {
        const found = messages.filter((m) => recipients(m).includes(to) && (subject === undefined || (m.subject ?? '').includes(subject)));
        if (found.length >= count) return found[count - 1]!;
        if (Date.now() - started > timeoutMs) throw new Error(`no message ${count} to ${to}${subject === undefined ? '' : ` about "${subject}"`} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The one-time token in a message's link. */
export function tokenOf(mail: { text?: string | undefined }): string {
  const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no token in message: ${mail.text}`);
  return match[1];
}
