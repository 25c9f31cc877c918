import type { ExpertEvent } from '@eh/contracts';
import { toDomainEvent, type RecordedEvent } from '@eh/event-store';
import { MailNotSent, type MailSender, type OutgoingMail } from '@eh/mail';
import type { SqlClient } from '@eh/platform';

export interface AwayMailDeps {
  sql: SqlClient;
  mail: MailSender;
  /** The console's address, e.g. https://handoff.example.com/console/. */
  consoleUrl: string;
  log: (line: string) => void;
}

/** The message telling an expert they were set away: what happened, and the one click back. */
export function awayMail(to: string, expert: { name: string }, eventId: string, consoleUrl: string): OutgoingMail {
  return {
    to,
    // The event id: a redelivery sends the same Message-ID, which mail clients show once.
    key: `away:${eventId}`,
    subject: 'You were set away: two offers lapsed',
    text: [
      `Hello ${expert.name},`,
      '',
      'Two offers in a row reached you and expired without an answer, so we set you away: no more',
      'offers come to you until you are back. Nothing else changed.',
      '',
      `To take offers again, open the console and set your availability to Online:`,
      consoleUrl,
      '',
      'Keeping the console open (or e-mail or push notifications on) is how offers reach you.',
    ].join('\n'),
  };
}

async function consoleEmailOf(sql: SqlClient, expertId: string): Promise<{ email: string; name: string } | null> {
  const { rows } = await sql.query<{ email: string; name: string }>(
    'SELECT a.email, e.name FROM expert_console_accounts_view a JOIN experts_view e ON e.id = a.expert_id WHERE a.expert_id = $1 AND NOT e.retired',
    [expertId],
  );
  return rows[0] ?? null;
}

/** Only the service's own `away` (after lapses) sends mail; a person setting availability knows. */
export const isSetAwayForLapses = (event: { type: string; data: unknown }): boolean =>
  event.type === 'expert.availability_changed' && (event.data as { reason?: string }).reason === 'offers_lapsed';

/**
 * Durable `router-away-mail`: when lapses set an expert away, e-mail them (their console sign-in
 * address) a link back to the console. At least once: a redelivery after a crash mid-send sends
 * the same Message-ID. A permanent refusal (no SMTP server, an unknown mailbox) is logged, not
 * retried; a passing one is thrown, so the event comes again.
 */
export async function reactToAway(deps: AwayMailDeps, event: RecordedEvent): Promise<'nothing_done' | void> {
  const expertEvent = toDomainEvent<ExpertEvent>(event);
  if (!isSetAwayForLapses(expertEvent) || expertEvent.type !== 'expert.availability_changed') return 'nothing_done';
  const to = await consoleEmailOf(deps.sql, expertEvent.data.expert_id);
  if (!to) {
    deps.log(`away mail: expert ${expertEvent.data.expert_id} has no console e-mail; not told`);
    return 'nothing_done';
  }
  try {
    await deps.mail.send(awayMail(to.email, to, event.id, deps.consoleUrl));
  } catch (error) {
    if (error instanceof MailNotSent && error.permanent) {
      deps.log(`away mail to expert ${expertEvent.data.expert_id} not sent: ${error.message}`);
      return;
    }
    throw error;
  }
}
