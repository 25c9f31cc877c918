import { ClientNats, ServerNats, type MsPattern, type NatsOptions } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from 'nats';

type NatsTransportOptions = Required<NatsOptions>['options'];

/**
 * @nestjs/microservices' NATS server whose patterns are subjects under a prefix decided at run
 * time (SUBJECT_PREFIX): `@MessagePattern('ledger.reserve')` listens on
 * `rpc.<prefix>.ledger.reserve`, in the queue group its handler names, so each request is
 * answered by one replica.
 */
export class PrefixedNatsServer extends ServerNats {
  private readonly own: Subscription[] = [];

  constructor(
    options: NatsTransportOptions,
    private readonly subjectOf: (pattern: string) => string,
  ) {
    super(options);
  }

  override bindEvents(client: NatsConnection): void {
    for (const [pattern, handler] of this.messageHandlers) {
      const queue = (handler.extras as { queue?: string } | undefined)?.queue;
      this.own.push(client.subscribe(this.subjectOf(pattern), { queue, callback: this.getMessageHandler(pattern).bind(this) as never }));
    }
  }

  override async close(): Promise<void> {
    for (const subscription of this.own.splice(0)) subscription.unsubscribe();
    await super.close();
  }
}

/** The client side: `send('ledger.reserve', …)` publishes to `rpc.<prefix>.ledger.reserve`. */
export class PrefixedNatsClient extends ClientNats {
  constructor(
    options: NatsTransportOptions,
    private readonly subjectOf: (pattern: string) => string,
  ) {
    super(options);
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return this.subjectOf(super.normalizePattern(pattern));
  }
}
