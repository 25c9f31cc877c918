import { SmtpInbox } from '../../../test/support/smtp-inbox';
import { loadMailConfig } from './mail-config';
import { createMailSender, MailNotSent } from './mail-sender';

describe('SMTP mail sender against a real SMTP server', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await new SmtpInbox({ refuse: (to) => to.startsWith('bounce@') }).start();
  });
  afterAll(() => inbox.stop());

  it('delivers a message whose Message-ID comes from its key', async () => {
    const sender = createMailSender(loadMailConfig({ SMTP_URL: inbox.url }));
    const sent = await sender.send({ to: 'ada@example.test', subject: 'New offer', text: 'Open it', key: 'offer:1:email' });
    const mail = await inbox.waitFor((m) => m.subject === 'New offer');
    expect(mail.to).toEqual(['ada@example.test']);
    expect(mail.text.trim()).toBe('Open it');
    expect(mail.messageId).toBe(sent.messageId);
    sender.close();
  });

  it('reports a refused recipient as permanent', async () => {
    const sender = createMailSender(loadMailConfig({ SMTP_URL: inbox.url }));
    const failure = await sender.send({ to: 'bounce@example.test', subject: 's', text: 't', key: 'k2' }).catch((e) => e);
    expect(failure).toBeInstanceOf(MailNotSent);
    expect(failure.permanent).toBe(true);
    expect(failure.responseCode).toBe(550);
    sender.close();
  });

  it('gives up on a stalled server within its timeouts, as a retryable failure', async () => {
    const stalled = await new SmtpInbox({ stall: true }).start();
    const sender = createMailSender(loadMailConfig({ SMTP_URL: stalled.url, SMTP_CONNECTION_TIMEOUT_MS: '300', SMTP_SOCKET_TIMEOUT_MS: '300' }));
    const started = Date.now();
    const failure = await sender.send({ to: 'a@example.test', subject: 's', text: 't', key: 'k3' }).catch((e) => e);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(failure).toBeInstanceOf(MailNotSent);
    expect(failure.permanent).toBe(false);
    sender.close();
    await stalled.stop();
  });

  it('without SMTP_URL sends nothing and says so', async () => {
    const sender = createMailSender(loadMailConfig({}));
    expect(sender.configured).toBe(false);
    await expect(sender.send({ to: 'a@example.test', subject: 's', text: 't', key: 'k4' })).rejects.toThrow('SMTP_URL');
  });

  it('refuses an SMTP_URL that is not smtp', () => {
    expect(() => loadMailConfig({ SMTP_URL: 'http://x' })).toThrow('SMTP_URL');
  });
});
