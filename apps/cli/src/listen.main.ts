import { parseArgs } from 'node:util';
import { secretShownAs } from '@eh/delivery';
import { followEvents, FollowRefused } from './listen/event-follower';
import { forwardEvent, forwardLine } from './listen/forward-event';
import { ListenUsageError, parseListenOptions, type ListenFlags, type ListenOptions } from './listen/listen-options';

const USAGE = `usage: npm run listen -- --forward-to <http://localhost:PORT/path> [--key svc_test_…] [--url <API base>]
                        [--scheme service|standard] [--secret whsec_…] [--live]

Follows your workspace's events (the key's mode) from now on and POSTs each one to --forward-to,
signed as a webhook delivery is (Service-Signature, or Standard Webhooks with --scheme standard)
with this session's secret, printed at start (pass it back with --secret to keep it across runs).
The key comes from --key or SERVICE_API_KEY; a live key needs --live.
`;

/**
 * `npm run listen`: a local listener for partners' development, like `stripe listen`: events
 * reach a server on the developer's machine with no public URL and no endpoint registered.
 */
async function main(argv: string[]): Promise<number> {
  let flags: ListenFlags;
  try {
    flags = parseArgs({
      args: argv,
      options: {
        'forward-to': { type: 'string' },
        key: { type: 'string' },
        url: { type: 'string' },
        scheme: { type: 'string' },
        secret: { type: 'string' },
        live: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values as ListenFlags & { help?: boolean };
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if ((flags as { help?: boolean }).help) {
    process.stdout.write(USAGE);
    return 0;
  }
  let options: ListenOptions;
  try {
    options = parseListenOptions(flags, process.env);
  } catch (error) {
    if (!(error instanceof ListenUsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  const shown = secretShownAs(options.secret, options.scheme);
  process.stdout.write(
    `Forwarding ${options.mode} events of ${options.apiUrl} to ${options.forwardTo.href} (${options.scheme === 'standard' ? 'Standard Webhooks' : 'Service-Signature'}).\n` +
      `Signing secret of this session: ${shown}${options.secretGenerated ? ' (new; pass --secret to reuse it)' : ''}\n`,
  );
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  try {
    await followEvents({
      apiUrl: options.apiUrl,
      key: options.key,
      signal: stop.signal,
      onStatus: (status) => {
        if (status.connected) process.stdout.write(`Ready: listening for events (Ctrl-C to stop).\n`);
        else process.stderr.write(`Disconnected (${status.reason}); reconnecting in ${(status.delayMs / 1000).toFixed(1)} s.\n`);
      },
      onEvent: async (body) => {
        const forwarded = await forwardEvent(body, options);
        process.stdout.write(`${forwardLine(forwarded, new Date())}\n`);
      },
    });
  } catch (error) {
    if (!(error instanceof FollowRefused)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
