import { HttpCode, Inject, Logger, Post, Req, Res } from '@nestjs/common';
import type { SecretCipher } from '@eh/platform';
import type { AttachmentUrls } from '@eh/attachments';
import type { AuthenticatedKey } from '@eh/workspaces';
import { formatSSEErrorEvent, formatSSEEvent } from '@a2a-js/sdk';
import { JsonRpcTransportHandler } from '@a2a-js/sdk/server';
import { LegacyJsonRpcTransportHandler } from '@a2a-js/sdk/compat/v0_3/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ATTACHMENT_URLS } from '../attachments/attachments.tokens';
import { LiveStreams } from '../events/live-streams';
import type { StreamSlot } from '../events/stream-slots';
import { WORKSPACE_EVENT_HUB, type WorkspaceEventHub } from '../events/workspace-event.hub';
import { GatewayPorts } from '../http/gateway-ports';
import { Auth } from '../http/guards/api-key.guard';
import { IdempotencyStore } from '../http/idempotency/idempotency.store';
import { actorOf } from '../http/service-mode';
import { SECRET_CIPHER } from '../webhooks/partner-context';
import { A2aCall } from './a2a-call';
import { AgentCardSource } from './agent-card.source';
import { DeploymentTaskHandler } from './deployment-task.handler';
import { checkEnvelope, type JsonRpcId } from './json-rpc.envelope';
import { JSON_RPC_CODES, protocolOf, withServiceFacts, type JsonRpcError } from './json-rpc.errors';
import { failureOf, type FailureContext } from './json-rpc.failure';
import { MessageIdempotency } from './message-idempotency';
import { PushConfigs } from './push-configs';
import { recordingFailures } from './recorded-failure';
import { PartnerController } from '../http/guards/audience-controllers';

interface JsonRpcAnswer {
  jsonrpc: string;
  id: JsonRpcId;
  result?: unknown;
  error?: unknown;
}

/**
 * `POST /a2a/v1`: A2A's JSON-RPC binding (docs/decisions.md "A2A"). The same guard, rate limit and
 * workspace key as `/v1` run first (a refusal there is answered in JSON-RPC's shape by the
 * gateway's exception filter); then the SDK's transport handler for the version the client asked
 * for (`A2A-Version: 1.0`, or 0.3 without the header) parses the call and dispatches it to the
 * deployments' handler. Streaming methods answer server-sent events, each a JSON-RPC response.
 */
@PartnerController('a2a/v1')
export class A2aRpcController {
  private readonly logger = new Logger('A2A');
  private readonly handler: DeploymentTaskHandler;
  private readonly v1: JsonRpcTransportHandler;
  private readonly v03: LegacyJsonRpcTransportHandler;

  constructor(
    @Inject(GatewayPorts) ports: GatewayPorts,
    @Inject(WORKSPACE_EVENT_HUB) hub: WorkspaceEventHub,
    @Inject(ATTACHMENT_URLS) urls: AttachmentUrls,
    @Inject(IdempotencyStore) idempotency: IdempotencyStore,
    @Inject(SECRET_CIPHER) cipher: SecretCipher,
    @Inject(LiveStreams) private readonly streams: LiveStreams,
    @Inject(AgentCardSource) card: AgentCardSource,
  ) {
    const { store, sql, config } = ports;
    this.handler = new DeploymentTaskHandler({
      creation: ports,
      sql,
      store,
      hub,
      urls,
      idempotency: new MessageIdempotency(idempotency),
      pushConfigs: new PushConfigs({ sql, store, cipher, config }),
      card: () => card.v1(),
    });
    const recorded = recordingFailures(this.handler);
    this.v1 = new JsonRpcTransportHandler(recorded);
    this.v03 = new LegacyJsonRpcTransportHandler(recorded);
  }

  @Post()
  @HttpCode(200)
  async call(@Auth() auth: AuthenticatedKey, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const requestId = String(request.id);
    const protocol = protocolOf(request.headers['a2a-version']);
    const context: FailureContext = { protocol: protocol ?? '1.0', requestId, publicBaseUrl: this.streams.config.publicBaseUrl };
    const envelope = checkEnvelope(request.body);
    if (!protocol)
      return this.answer(reply, {
        jsonrpc: '2.0',
        id: envelope.id,
        error: withServiceFacts({ code: JSON_RPC_CODES.VERSION_NOT_SUPPORTED, message: 'A2A-Version must be 1.0 or 0.3' }, '1.0', { requestId }),
      });
    if (!envelope.ok) return this.answer(reply, { jsonrpc: '2.0', id: envelope.id, error: withServiceFacts(envelope.error, protocol, { requestId }) });
    const closed = new AbortController();
    reply.raw.on('close', () => closed.abort());
    const call = new A2aCall(auth, actorOf(request), requestId, protocol, closed.signal);
    const transport = protocol === '1.0' ? this.v1 : this.v03;
    const answer = await transport.handle(request.body as Record<string, unknown>, call);
    if (!isStream(answer)) return this.answer(reply, this.finish(answer, call, context));
    await this.stream(request, reply, auth, answer, envelope.id, call, context);
  }

  /** An error answer gets our facts: the REST code and field when the failure was ours, the request id always. */
  private finish(answer: JsonRpcAnswer, call: A2aCall, context: FailureContext): JsonRpcAnswer {
    if (answer.error === undefined) return answer;
    if (call.failure !== undefined) return { jsonrpc: '2.0', id: answer.id, error: this.failure(call.failure, context) };
    return { ...answer, error: withServiceFacts(answer.error as JsonRpcError, context.protocol, { requestId: context.requestId }) };
  }

  private failure(error: unknown, context: FailureContext): JsonRpcError {
    const { error: rendered, internal } = failureOf(error, context);
    if (internal) this.logger.error(`${context.requestId}: A2A call failed`, error instanceof Error ? error.stack : String(error));
    return rendered;
  }

  private answer(reply: FastifyReply, body: JsonRpcAnswer): void {
    const internal = (body.error as JsonRpcError | undefined)?.code === JSON_RPC_CODES.INTERNAL_ERROR;
    void reply
      .status(internal ? 500 : 200)
      .header('Cache-Control', 'no-store')
      .send(body);
  }

  /**
   * The stream's first event decides how it is answered: a failure before it (an unknown task, a
   * refused create) is a plain JSON-RPC error; after it, the events follow as server-sent events,
   * bounded as every event stream of the key and the workspace is, with keep-alives.
   */
  private async stream(
    request: FastifyRequest,
    reply: FastifyReply,
    auth: AuthenticatedKey,
    events: AsyncGenerator<JsonRpcAnswer, void, undefined>,
    id: JsonRpcId,
    call: A2aCall,
    context: FailureContext,
  ): Promise<void> {
    let first: IteratorResult<JsonRpcAnswer, void>;
    try {
      first = await events.next();
    } catch (error) {
      return this.answer(reply, { jsonrpc: '2.0', id, error: this.failure(error, context) });
    }
    // The 0.3 handler reports a failure as an error event rather than throwing it.
    if (!first.done && first.value.error !== undefined) {
      await events.return(undefined);
      return this.answer(reply, this.finish(first.value, call, context));
    }
    let slot: StreamSlot;
    try {
      slot = await this.streams.claimForPartner(auth);
    } catch (error) {
      await events.return(undefined);
      throw error;
    }
    const open = this.streams.open(request, reply, slot);
    try {
      if (!first.done) open.write(formatSSEEvent(first.value));
      for (let next = await events.next(); !next.done && open.isOpen; next = await events.next()) {
        open.write(next.value.error === undefined ? formatSSEEvent(next.value) : formatSSEErrorEvent(this.finish(next.value, call, context)));
      }
    } catch (error) {
      open.write(formatSSEErrorEvent({ jsonrpc: '2.0', id, error: this.failure(error, context) }));
    } finally {
      open.close();
      await events.return(undefined);
    }
  }
}

function isStream(answer: JsonRpcAnswer | AsyncGenerator<JsonRpcAnswer, void, undefined>): answer is AsyncGenerator<JsonRpcAnswer, void, undefined> {
  return typeof (answer as AsyncGenerator<JsonRpcAnswer>)[Symbol.asyncIterator] === 'function';
}
