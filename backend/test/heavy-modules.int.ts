/**
 * The heavy libraries a process may never use are loaded with their first use, not at start
 * (docs/architecture.md#the-heap-of-a-server-process): werift (the embedded SFU) with the first
 * show's room, nodemailer with the first message sent by SMTP. A child process reports which of
 * them Node has loaded before and after.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

function run(script: string): Record<string, boolean> {
  const code = `
    const loaded = (name) => Object.keys(require.cache).some((file) => file.includes('/node_modules/' + name + '/'));
    const seen = {};
    (async () => {
      ${script}
      process.stdout.write(JSON.stringify(seen));
    })().catch((error) => { console.error(error); process.exit(1); });`;
  return JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', '-e', code], { cwd: root, encoding: 'utf8', timeout: 60_000 }),
  ) as Record<string, boolean>;
}

describe('heavy libraries a process may never use', () => {
  it('werift is loaded with the first room of the embedded SFU', () => {
    const seen = run(`
      const { openShowMedia } = require(${JSON.stringify(path.join(root, 'backend/platform/sfu/index.ts'))});
      const media = openShowMedia({ SFU: 'embedded', SHOW_MAX_VIEWERS: 2, SFU_ICE_ADDRESS: '127.0.0.1' });
      seen.atStart = loaded('werift');
      await media.openRoom('show-1');
      seen.afterRoom = loaded('werift');
      seen.hasRoom = media.hasRoom('show-1');
      await media.close();`);
    expect(seen).toEqual({ atStart: false, afterRoom: true, hasRoom: true });
  });

  it('nodemailer is loaded with the first message sent by SMTP, and not at all with the outbox', () => {
    const seen = run(`
      const { createMailer } = require(${JSON.stringify(path.join(root, 'backend/platform/mail/mailer.ts'))});
      const outbox = createMailer({ SMTP_URL: undefined, MAIL_FROM: 'Aura <noreply@aura.test>', dataDir: require('node:os').tmpdir() });
      const smtp = createMailer({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'Aura <noreply@aura.test>', dataDir: require('node:os').tmpdir() });
      seen.atStart = loaded('nodemailer');
      // port 9 (discard) is closed here: the send fails, after loading nodemailer
      seen.refused = await smtp.send({ to: 'a@aura.test', subject: 'x', text: 'x' }).then(() => false, () => true);
      seen.afterSend = loaded('nodemailer');
      seen.outboxDir = typeof outbox.outboxDir === 'string';`);
    expect(seen).toEqual({ atStart: false, refused: true, afterSend: true, outboxDir: true });
  });
});
