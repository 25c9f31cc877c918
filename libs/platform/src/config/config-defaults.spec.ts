import { loadAttachmentConfig, loadConsoleConfig } from './console-config';
import { loadCostBoundsConfig } from './cost-bounds-config';
import { loadHttpServerConfig } from './http-server-config';
import { loadLedgerConfig } from './ledger-config';

/**
 * What each part of the configuration is with nothing set. `whole` compares every field, so a new
 * setting must be added here; the console's and attachments' carry generated secrets and paths,
 * so only the fields listed are compared.
 */
const DEFAULTS: [string, () => object, 'whole' | 'listed', object][] = [
  [
    'console: 72 h invitations, 12 h idle / 7 days absolute sessions',
    () => loadConsoleConfig({}),
    'listed',
    {
      invitationTtlSeconds: 259_200,
      sessionIdleSeconds: 43_200,
      sessionAbsoluteSeconds: 604_800,
      sseKeepaliveSeconds: 15,
      missedOffersDays: 30,
      missedOffersLimit: 50,
      consoleDir: null,
    },
  ],
  [
    'attachments: 24 h URLs, 25 MB uploads, 100 MB and 40 files a deployment, one upload at a time',
    () => loadAttachmentConfig({}),
    'listed',
    {
      urlTtlSeconds: 86_400,
      maxBytes: 26_214_400,
      urlSecretGenerated: true,
      maxBytesPerDeployment: 104_857_600,
      maxFilesPerDeployment: 40,
      uploadsInFlightPerExpert: 1,
    },
  ],
  [
    'cost bounds: 10 streams a key, 40 a workspace, 5 an expert; replays of 1,000 events at 10 a permit; 5 endpoint tests a minute; replays paced at 200 events a second; refusals held 1 s, 32 a key',
    () => loadCostBoundsConfig({}),
    'whole',
    {
      eventStreamsPerKey: 10,
      eventStreamsPerWorkspace: 40,
      expertEventStreamsPerExpert: 5,
      replayMaxEvents: 1000,
      replayEventsPerPermit: 10,
      webhookEndpointTestsPerMinute: 5,
      replayEventsPerSecond: 200,
      refusalHoldMs: 1000,
      heldRefusalsPerKey: 32,
    },
  ],
  [
    'HTTP server: headers in 10 s, the request in 120 s, keep-alive 72 s, 4096 connections, 256 per address, blocked addresses held 10 s, 4 KB anonymous bodies',
    () => loadHttpServerConfig({}),
    'whole',
    {
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 72_000,
      maxConnections: 4096,
      maxConnectionsPerAddress: 256,
      blockedHoldMs: 10_000,
      unauthenticatedBodyMaxBytes: 4096,
    },
  ],
  [
    'ledger: 60 s orphan deadline, 10 s sweeps, standard plan 0 credits / 30 days / 10 in flight',
    () => loadLedgerConfig({}),
    'whole',
    {
      reservationTtlSeconds: 60,
      sweepIntervalMs: 10_000,
      cycleCheckIntervalMs: 60_000,
      fallbackReserveCredits: 100,
      reserveTimeoutMs: 3_000,
      usageCacheMs: 2_000,
      inFlightRetryAfterSeconds: 30,
      standardCycleCapCredits: 0,
      standardCycleDays: 30,
      standardInFlightLimit: 10,
    },
  ],
];

describe('configuration defaults', () => {
  it.each(DEFAULTS)('%s', (_what, load, compared, expected) => {
    if (compared === 'whole') expect(load()).toEqual(expected);
    else expect(load()).toMatchObject(expected);
  });
});
