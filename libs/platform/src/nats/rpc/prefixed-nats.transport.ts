import { ClientNats, ServerNats, type MsPattern, type NatsOptions } from '@nestjs/microservices';
import { SpanKind } from '@opentelemetry/api';
import { headers as natsHeaders, type MsgHdrs, type Msg as NatsMsg, type NatsConnection, type Subscription } from 'nats';
import { currentTraceparent, extractTraceContext, injectTraceHeaders } from '../../observability/trace-headers';
import { inSpan, tracingEnabled } from '../../observability/tracing';

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
    // As connectNats: no stack trace captured per request.
    super({ noAsyncTraces: true, ...options });
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

  /** With tracing on, each request is a server span in the caller's trace (its `traceparent` header). */
  override handleMessage(channel: string, natsMsg: NatsMsg): Promise<unknown> {
    if (!tracingEnabled()) return super.handleMessage(channel, natsMsg);
    return inSpan(`rpc ${channel}`, { kind: SpanKind.SERVER, attributes: { 'rpc.method': channel } }, extractTraceContext(natsMsg.headers), () =>
      super.handleMessage(channel, natsMsg),
    );
  }
}

/** The client side: `send('ledger.reserve', …)` publishes to `rpc.<prefix>.ledger.reserve`. */
export class PrefixedNatsClient extends ClientNats {
  constructor(
    options: NatsTransportOptions,
    private readonly subjectOf: (pattern: string) => string,
  ) {
    super({ noAsyncTraces: true, ...options });
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return this.subjectOf(super.normalizePattern(pattern));
  }

  /** The caller's trace context rides in the request's headers (nothing when no span is active). */
  protected override mergeHeaders<THeaders = MsgHdrs>(requestHeaders?: THeaders): MsgHdrs | undefined {
    const merged = super.mergeHeaders(requestHeaders) as MsgHdrs | undefined;
    if (currentTraceparent() === undefined) return merged;
    const target = merged ?? natsHeaders();
    injectTraceHeaders(target);
    return target;
  }
}
