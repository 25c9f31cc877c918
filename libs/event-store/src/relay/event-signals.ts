import { SpanKind, type Context } from '@opentelemetry/api';
import { contextFromTraceparent, deploymentIdOf, extractTraceContext, inSpan, reactorEvents, runWithLogContext, tracingEnabled } from '@eh/platform';
import type { MsgHdrs } from 'nats';
import type { RecordedEvent } from '../event-store.port';

/** The trace an event continues: its NATS `traceparent` header, else the one stored with it. */
function parentOf(headers: MsgHdrs | undefined, event: RecordedEvent): Context {
  return headers?.has('traceparent') ? extractTraceContext(headers) : contextFromTraceparent(event.metadata?.traceparent);
}

/**
 * One event handled by a reactor, with its signals: log lines carry event_id,
 * workspace_id and deployment_id; with tracing on, a consumer span continues the trace the
 * event's header carries (so what the handler appends stays in that trace);
 * `eh_reactor_events_total{durable,outcome}` counts it.
 */
export async function handleWithSignals(durable: string, event: RecordedEvent, headers: MsgHdrs | undefined, handle: () => Promise<void>): Promise<void> {
  const deploymentId = deploymentIdOf(event.streamName, event.data);
  const fields = { event_id: event.id, workspace_id: event.metadata?.workspace_id, ...(deploymentId ? { deployment_id: deploymentId } : {}) };
  try {
    await runWithLogContext(fields, () => {
      if (!tracingEnabled()) return handle();
      const attributes = {
        'messaging.consumer.group.name': durable,
        'messaging.message.id': event.id,
        event_type: event.type,
        ...(deploymentId ? { deployment_id: deploymentId } : {}),
      };
      return inSpan(`${durable} ${event.type}`, { kind: SpanKind.CONSUMER, attributes }, parentOf(headers, event), () => handle());
    });
  } catch (error) {
    reactorEvents().inc({ durable, outcome: 'failed' });
    throw error;
  }
  reactorEvents().inc({ durable, outcome: 'handled' });
}
