import nodemailer from 'nodemailer';
import type { MailMessage } from './port';

/** Sending by SMTP, in a module of its own: mailer.ts loads it (and nodemailer) with the first message. */
export function smtpSender(url: string, from: string): (message: MailMessage) => Promise<void> {
  const transport = nodemailer.createTransport(url);
  return async (message) => {
    await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
  };
}
