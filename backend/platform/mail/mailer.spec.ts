import { parseEml, toEml } from './mailer';

describe('the outbox .eml', () => {
  it('reads back what it wrote, Italian subject and link included', () => {
    const sentAt = new Date('2026-11-27T10:00:00.000Z');
    const eml = toEml(
      'Aura <no-reply@aura.local>',
      {
        to: 'marco@example.com',
        subject: 'Reimposta la password',
        text: 'Apri il link:\nhttp://localhost/x?token=a.b',
      },
      sentAt,
    );
    expect(eml).toContain('\r\n\r\nApri il link:\r\nhttp://localhost/x?token=a.b');
    expect(parseEml('one', eml)).toEqual({
      id: 'one',
      to: 'marco@example.com',
      subject: 'Reimposta la password',
      text: 'Apri il link:\nhttp://localhost/x?token=a.b',
      sentAt: sentAt.toISOString(),
    });
  });

  it('keeps a header on one line whatever the subject says', () => {
    const eml = toEml('Aura <a@b.c>', { to: 'x@y.z\r\nBcc: evil@example.com', subject: 'ciao', text: '' }, new Date());
    expect(eml.split('\r\n').filter((line) => line.startsWith('Bcc:'))).toEqual([]);
  });
});
