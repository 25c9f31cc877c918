import { Inject, Logger } from '@nestjs/common';
import { LIVE_DEPLOYMENTS_SUBJECT, type DeploymentEvent } from '@eh/contracts';
import { deploymentDecider, type DeploymentState } from '@eh/deployments';
import { FollowedStreams, LruSnapshotCache, type BackgroundWorker, type ContextRuntimeDeclaration, type EventStore, type Reactor } from '@eh/event-store';
import { createMailSender, loadMailConfig, type MailSender } from '@eh/mail';
import { loadNotificationConfig, reachableChannels } from '@eh/notifications';
import { CONFIG, closeRedis, connectRedis, ContextRuntime, EVENT_STORE, SQL, type ServiceConfig, type SignalGauge, type SqlClient } from '@eh/platform';
import { DeploymentTimers } from './adapters/deployment-timers';
import type { OfferDeps } from './application/offer-deployment.handler';
import { ConsolePresence } from './adapters/console-presence';
import {
  consoleOrOtherChannels,
  EVERYONE_REACHABLE,
  failingOpen,
  otherChannelsFrom,
  type ExpertReachability,
  type OtherChannels,
} from './application/expert-reachability';
import { availableUntilSweep } from './reactors/available-until.sweep';
import { isSetAwayForLapses, reactToAway } from './reactors/away-mail.reactor';
import { reactToRosterEvent } from './reactors/roster-change.reactor';
import { FinishedAtBirth } from './reactors/finished-at-birth';
import { reactToOfferOutcome } from './reactors/offer-lapse.reactor';
import type { ExpertState } from './domain/expert.decider';
import { reactToDeployment } from './reactors/routing.reactor';

/** Expert streams whose folds the lapse counter keeps (a roster is hundreds to thousands). */
const EXPERT_FOLDS_KEPT = 10_000;

/**
 * Notification channels other than the console that make an expert reachable: e-mail when a mail
 * server is configured, Web Push when a VAPID key pair is, each only if the expert has it on.
 */
function otherChannels(sql: SqlClient, config: ServiceConfig): OtherChannels {
  const smtpConfigured = loadMailConfig().smtpUrl !== null;
  const pushConfigured = loadNotificationConfig(process.env, config.publicBaseUrl).vapid !== null;
  return otherChannelsFrom(async (expertIds) => {
    const channels = await reachableChannels(sql, expertIds, smtpConfigured);
    if (!pushConfigured) for (const channel of channels.values()) channel.push = false;
    return channels;
  });
}

const LAPSE_EVENT_TYPES: ReadonlySet<string> = new Set(['deployment.offer_expired', 'deployment.offer_declined', 'deployment.accepted']);

/**
 * What the router runs for the routing context: the deployment clocks (DeploymentTimers), the
 * routing reactor (every deployment event: timers, the synthetic expert's next step, the next
 * offer, to reachable experts only), the
 * roster reactor (an expert joining or coming online is offered the waiting deployments), the
 * lapse counter (two unanswered offers set an expert away) and its e-mail, and the sweep that
 * ends `available_until`. The quote is a request handler (adapters/rpc/quote.controller.ts).
 */
@ContextRuntime()
export class RoutingRuntime implements ContextRuntimeDeclaration {
  readonly reactors: readonly Reactor[];
  readonly workers: readonly BackgroundWorker[];
  /** Deployment timers scheduled and due (DeploymentTimers). */
  readonly gauges: readonly SignalGauge[];
  /** What an offer needs, reachability included: also used when an expert connects (ExpertConnectedController). */
  readonly offers: OfferDeps;
  private presence: ConsolePresence | null = null;

  constructor(@Inject(CONFIG) config: ServiceConfig, @Inject(SQL) sql: SqlClient, @Inject(EVENT_STORE) store: EventStore) {
    const { durations } = config;
    const timers = new DeploymentTimers(config, sql, store);
    this.gauges = timers.gauges;
    const logger = new Logger('Routing');
    const log = (line: string): void => logger.warn(line);
    const offers: OfferDeps = {
      store,
      sql,
      offerTimeoutSeconds: durations.offerTimeoutSeconds,
      briefFitHalfLifeSeconds: durations.briefFitHalfLifeSeconds,
      reachability: this.reachability(config, sql, log),
    };
    this.offers = offers;
    const followed = new FollowedStreams<DeploymentEvent, DeploymentState>(deploymentDecider);
    const finishedAtBirth = new FinishedAtBirth();
    const expertFolds = new LruSnapshotCache<ExpertState>(EXPERT_FOLDS_KEPT);
    // Opened by the worker below: a process that only mounts this module (the gateway) makes none.
    let mail: MailSender = createMailSender({ smtpUrl: null, from: '', connectionTimeoutMs: 1, socketTimeoutMs: 1 });
    const consoleUrl = `${config.publicBaseUrl.replace(/\/$/, '')}/console/`;
    this.reactors = [
      {
        durable: 'router-deployments',
        subjects: 'deployment.>',
        handle: (event) => reactToDeployment({ ...offers, timers, replyWindowSeconds: durations.replyWindowSeconds, followed, finishedAtBirth }, event),
        // Several pullers, like replicas: one at a time held the router to ~250 events/s.
        // Safe by construction: every step appends with the revision it decided on.
        pullers: config.routerConsumers,
        // A redelivered event is decided again on the store: a step already taken is not taken twice.
        rerunnable: true,
      },
      { durable: 'router-roster', subjects: 'expert.>', handle: (event) => reactToRosterEvent(offers, event) },
      {
        // Live deployments only: a test-mode offer goes to the synthetic expert, who never lapses.
        durable: 'router-offer-lapses',
        subjects: LIVE_DEPLOYMENTS_SUBJECT,
        accepts: (event) => LAPSE_EVENT_TYPES.has(event.type),
        handle: (event) => reactToOfferOutcome(store, event, expertFolds),
        // The decider counts each offer once, whatever the number of deliveries.
        rerunnable: true,
        // Sent every live deployment event to act on one in five: it shares routing's deliveries instead.
        ridesOn: 'router-deployments',
      },
      {
        durable: 'router-away-mail',
        subjects: 'expert.>',
        accepts: (event) => isSetAwayForLapses(event),
        handle: (event) => reactToAway({ sql, mail, consoleUrl, log }, event),
      },
    ];
    const presenceWorker: BackgroundWorker = {
      name: 'console presence reader',
      start: async () => {
        mail = createMailSender(loadMailConfig());
        const redis = await connectRedis(config.redisUrl, 'router-presence', log);
        this.presence = new ConsolePresence(redis, { prefix: config.redisPrefix, graceMs: config.console.presenceGraceSeconds * 1000 });
        this.stopPresence = () => closeRedis(redis);
      },
      stop: async () => {
        this.presence = null;
        await this.stopPresence();
        mail.close();
      },
    };
    // The timers' first reconcile runs before any reactor consumes an event (workers start first).
    this.workers = [...timers.workers, presenceWorker, availableUntilSweep({ sql, store, everySeconds: durations.timerReconcileSeconds, log })];
  }

  private stopPresence: () => Promise<void> = async () => undefined;

  /** EXPERT_REACHABILITY=off: everyone, as before presence; otherwise a console open or another channel, failing open. */
  private reachability(config: ServiceConfig, sql: SqlClient, log: (line: string) => void): ExpertReachability {
    if (config.console.expertReachability === 'off') return EVERYONE_REACHABLE;
    const connected: ExpertReachability = {
      reachable: (expertIds) => {
        if (!this.presence) throw new Error('console presence is not read yet (Redis not connected)');
        return this.presence.reachable(expertIds);
      },
    };
    let lastWarningMs = 0;
    return failingOpen(consoleOrOtherChannels(connected, otherChannels(sql, config)), (error) => {
      if (Date.now() - lastWarningMs < 10_000) return;
      lastWarningMs = Date.now();
      log(`reachability unknown, every online expert counted reachable: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
}
