import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { startSmtpListener, type SmtpListener } from '../test-support/smtp-listener';
import { createTestApp, type TestApp } from '../test-support/test-app';

// Mail leaves through the outbox over SMTP when SMTP_URL is set: a message is stored, delivered to
// the mail server after it was written, and marked sent; a server that turns it away leaves it in
// the outbox with the reason, for the sweep to try again. Without SMTP_URL nothing is delivered.

describe('mail over SMTP', () => {
  let smtp: SmtpListener;
  let t: TestApp;
  let offline: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await createTestApp({ config: { smtpUrl: smtp.url } });
    offline = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await offline?.close();
    await smtp?.close();
  });

  it('delivers a stored message to the mail server and marks it sent', async () => {
    const id = await t.app.mailer.send({ to: 'ana@clinic.test', subject: 'Your visit', text: 'See you on Monday.', kind: 'welcome' });
    await t.app.mailer.flush();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['ana@clinic.test']);
    expect(smtp.received[0]!.data).toMatch(/^Subject: Your visit$/m);
    expect(smtp.received[0]!.data).toContain('See you on Monday.');
    const [row] = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
    expect(row!.attempts).toBe(1);
  });

  it('keeps a message the server refuses, with the reason, unsent', async () => {
    smtp.refuseRecipients();
    const before = smtp.received.length;
    const id = await t.app.mailer.send({ to: 'nobody@clinic.test', subject: 'Refused', text: 'Body', kind: 'welcome' });
    await t.app.mailer.flush();

    expect(smtp.received).toHaveLength(before);
    const [row] = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toMatch(/550/);
    expect(row!.attempts).toBe(1);
  });

  it('stores but never delivers without SMTP_URL', async () => {
    expect(offline.app.mailer.delivers).toBe(false);
    const id = await offline.app.mailer.send({ to: 'ana@clinic.test', subject: 'Stored', text: 'Body', kind: 'welcome' });
    await offline.app.mailer.flush();
    const [row] = await offline.db.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row!.sentAt).toBeNull();
    expect(row!.attempts).toBe(0);
  });
});
