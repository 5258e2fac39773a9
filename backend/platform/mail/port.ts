/** One message Aura sends (plain text: a link and a few lines). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The mail port: SMTP in production, an outbox folder of `.eml` files in the embedded mode. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** where the development outbox is (undefined with SMTP) */
  readonly outboxDir: string | undefined;
}
