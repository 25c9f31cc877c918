import { MailNotSent, type MailSender } from '@eh/mail';
import type { NotificationMessage } from '../domain/notification';
import type { AttemptOutcome } from '../domain/retry-schedule';

/**
 * One notification as an e-mail. The link opens the console page (sign-in first if needed): it
 * names a page, never grants anything. The Message-ID comes from the notification and channel, so
 * the one message a crash may send twice is the same message to mail clients.
 */
export async function sendEmail(
  mail: MailSender,
  to: string,
  notificationId: string,
  message: NotificationMessage,
  consoleBaseUrl: string,
): Promise<AttemptOutcome> {
  const link = `${consoleBaseUrl}${message.url}`;
  const text = [message.body, '', `Open it: ${link}`, '', 'You get this because e-mail notifications are on in your console settings.'].join('\n');
  try {
    await mail.send({ to, subject: message.title, text, key: `${notificationId}:email` });
    return { kind: 'sent' };
  } catch (error) {
    if (error instanceof MailNotSent) return error.permanent ? { kind: 'permanent', error: error.message } : { kind: 'retryable', error: error.message };
    return { kind: 'retryable', error: error instanceof Error ? error.message : String(error) };
  }
}
