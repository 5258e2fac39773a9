import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logging/logger';
import type { Mailer, MailMessage } from './port';

export type { Mailer, MailMessage };

export interface MailConfig {
  SMTP_URL?: string;
  MAIL_FROM: string;
  dataDir: string;
}

/** SMTP through nodemailer when `SMTP_URL` is set; otherwise every message is written to `DATA_DIR/outbox/<time>-<id>.eml`. */
export function createMailer(config: MailConfig, logger?: Logger): Mailer {
  const smtpUrl = config.SMTP_URL;
  if (smtpUrl) {
    // nodemailer is loaded with the first message: a process that sends none does not hold it
    // (docs/architecture.md#the-heap-of-a-server-process)
    let sender: Promise<(message: MailMessage) => Promise<void>> | undefined;
    return {
      outboxDir: undefined,
      async send(message) {
        sender ??= import('./smtp').then(({ smtpSender }) => smtpSender(smtpUrl, config.MAIL_FROM));
        await (
          await sender
        )(message);
      },
    };
  }
  const outboxDir = path.join(config.dataDir, 'outbox');
  return {
    outboxDir,
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const sentAt = new Date();
      const name = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      await writeFile(path.join(outboxDir, name), toEml(config.MAIL_FROM, message, sentAt), { mode: 0o600 });
      logger?.info('mail written to the outbox', { file: name });
    },
  };
}

const header = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** A minimal RFC 5322 message (UTF-8, 8bit body) any mail client opens. */
export function toEml(from: string, message: MailMessage, sentAt: Date): string {
  return [
    `From: ${header(from)}`,
    `To: ${header(message.to)}`,
    `Subject: =?UTF-8?B?${Buffer.from(header(message.subject)).toString('base64')}?=`,
    `Date: ${sentAt.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    message.text.replace(/\r?\n/g, '\r\n'),
    '',
  ].join('\r\n');
}

/** An `.eml` the outbox wrote, read back (the development outbox page). */
export function parseEml(
  id: string,
  eml: string,
): { id: string; to: string; subject: string; text: string; sentAt: string } {
  const split = eml.indexOf('\r\n\r\n');
  const head = eml.slice(0, split);
  const field = (name: string) =>
    head
      .split('\r\n')
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}: `))
      ?.slice(name.length + 2) ?? '';
  const encoded = /^=\?UTF-8\?B\?(.*)\?=$/.exec(field('Subject'));
  const date = Date.parse(field('Date'));
  return {
    id,
    to: field('To'),
    subject: encoded ? Buffer.from(encoded[1]!, 'base64').toString('utf8') : field('Subject'),
    text: eml
      .slice(split + 4)
      .replace(/\r\n/g, '\n')
      .trimEnd(),
    sentAt: Number.isNaN(date) ? '' : new Date(date).toISOString(),
  };
}

/** The outbox's messages, newest first (an absent folder: none). */
export async function readOutbox(outboxDir: string, limit = 100) {
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  const newest = names
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse()
    .slice(0, limit);
  return Promise.all(
    newest.map(async (name) =>
      parseEml(name.replace(/\.eml$/, ''), await readFile(path.join(outboxDir, name), 'utf8')),
    ),
  );
}
