import { HttpLoadClient } from '../load/http-load-client';
import { ABUSE_PATTERNS, ABUSER_ADDRESS } from './abuse-patterns';

/**
 * One abuse pattern in a process of its own, started by bench:tenants under `nice`: the quiet
 * workspace's client must not share an event loop with the abuser's sockets (its own latencies
 * would include the abuser's work), and the abuser's CPU is its own machine's, not the server's,
 * so it runs at the lowest priority. Reads `ABUSE` (JSON: pattern, gateway, key, stream keys, endpoint, rate,
 * seconds); prints the pattern's outcome as one JSON line.
 */
async function main(): Promise<void> {
  const input = JSON.parse(process.env.ABUSE ?? '{}') as {
    pattern: string;
    gatewayUrl: string;
    key: string;
    streamKeys: string[];
    endpointId: string;
    allowedPerSecond: number;
    seconds: number;
  };
  const pattern = ABUSE_PATTERNS.find((candidate) => candidate.name === input.pattern);
  if (!pattern) throw new Error(`no abuse pattern "${input.pattern}"`);
  const client = new HttpLoadClient(input.gatewayUrl, { localAddress: ABUSER_ADDRESS });
  try {
    const outcome = await pattern.run({
      gatewayUrl: new URL(input.gatewayUrl),
      key: input.key,
      streamKeys: input.streamKeys,
      endpointId: input.endpointId,
      allowedPerSecond: input.allowedPerSecond,
      deadline: performance.now() + input.seconds * 1000,
      client,
    });
    process.stdout.write(`${JSON.stringify(outcome)}\n`);
  } finally {
    client.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
