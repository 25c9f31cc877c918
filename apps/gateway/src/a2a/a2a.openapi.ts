import { componentRef, optionalHeader, type JsonSchema } from '../docs/openapi/json-schema';
import type { OpenApiDocument } from '../docs/openapi/openapi-document.types';
import { A2A_RPC_PATH, AGENT_CARD_PATH } from './agent-card';
import { apiErrorAsJsonRpc } from './json-rpc.errors';

/**
 * The A2A surface in the API reference (docs/decisions.md "A2A"): the agent card and the
 * JSON-RPC endpoint. Written by hand, beside the REST operations generated from the routes,
 * because one JSON-RPC route carries every method and answers in JSON-RPC's shape, not the
 * REST error body.
 */
const EXAMPLE_REQUEST_ID = 'req_01JZ0000000000000000000000';

const V03_METHODS = [
  'message/send',
  'message/stream',
  'tasks/get',
  'tasks/cancel',
  'tasks/resubscribe',
  'tasks/pushNotificationConfig/set',
  'tasks/pushNotificationConfig/get',
  'tasks/pushNotificationConfig/list',
  'tasks/pushNotificationConfig/delete',
];
const V1_METHODS = [
  'SendMessage',
  'SendStreamingMessage',
  'GetTask',
  'CancelTask',
  'SubscribeToTask',
  'CreateTaskPushNotificationConfig',
  'GetTaskPushNotificationConfig',
  'ListTaskPushNotificationConfigs',
  'DeleteTaskPushNotificationConfig',
];

export const A2A_SCHEMAS: Record<string, JsonSchema> = {
  A2aJsonRpcRequest: {
    type: 'object',
    description: 'One JSON-RPC 2.0 call. A batch (an array) is refused.',
    required: ['jsonrpc', 'method'],
    properties: {
      jsonrpc: { type: 'string', const: '2.0' },
      id: { type: ['string', 'integer', 'null'] },
      method: {
        type: 'string',
        description: `A2A 0.3 names (without \`A2A-Version\`): ${V03_METHODS.join(', ')}. A2A 1.0 names (\`A2A-Version: 1.0\`): ${V1_METHODS.join(', ')}.`,
      },
      params: { type: 'object', additionalProperties: true, description: 'The method’s parameters as the A2A specification of that version defines them.' },
    },
  },
  A2aJsonRpcError: {
    type: 'object',
    required: ['code', 'message'],
    properties: {
      code: {
        type: 'integer',
        description:
          '-32700 parse error, -32600 invalid request, -32601 method not found, -32602 invalid params (a field refused: `param` names it), -32603 internal, -32001 task not found, -32002 task not cancelable, -32004 unsupported in this state, -32009 version not supported, -32000 any other refusal of the service (`code` in data says which).',
      },
      message: { type: 'string' },
      data: {
        description:
          'A2A 0.3: an object with `request_id`, and for a refusal of the service `code`, `param`, `docs_url`. A2A 1.0: typed details, `google.rpc.ErrorInfo` (metadata `request_id`, `code`, `param`), `google.rpc.BadRequest` for a field, `google.rpc.RequestInfo` (`requestId`).',
        anyOf: [
          { type: 'object', additionalProperties: true },
          { type: 'array', items: { type: 'object', additionalProperties: true } },
        ],
      },
    },
  },
  A2aJsonRpcResponse: {
    type: 'object',
    required: ['jsonrpc', 'id'],
    properties: {
      jsonrpc: { type: 'string', const: '2.0' },
      id: { type: ['string', 'integer', 'null'] },
      result: { description: 'A task (its id is the deployment id), a push notification config, a list of them, or null after a delete.' },
      error: componentRef('A2aJsonRpcError'),
    },
  },
  A2aAgentCard: {
    type: 'object',
    additionalProperties: true,
    required: ['name', 'description', 'capabilities', 'skills', 'defaultInputModes', 'defaultOutputModes'],
    description:
      'The A2A agent card: with `A2A-Version: 1.0` in 1.0’s shape (`supportedInterfaces`, `securityRequirements`), otherwise in 0.3’s (`url`, `preferredTransport`, `security`). Skills are the roster’s skill tags.',
    properties: {
      name: { type: 'string' },
      description: { type: 'string' },
      url: { type: 'string', format: 'uri', description: '0.3: the JSON-RPC endpoint.' },
      supportedInterfaces: {
        type: 'array',
        items: { type: 'object', additionalProperties: true },
        description: '1.0: the JSON-RPC endpoint, once per protocol version.',
      },
      capabilities: { type: 'object', additionalProperties: true },
      skills: { type: 'array', items: { type: 'object', additionalProperties: true } },
      defaultInputModes: { type: 'array', items: { type: 'string' } },
      defaultOutputModes: { type: 'array', items: { type: 'string' } },
      securitySchemes: { type: 'object', additionalProperties: true },
    },
  },
};

const versionHeader: JsonSchema = optionalHeader('A2A-Version', 'The A2A protocol version: `1.0`, or `0.3` (also when absent).', {
  type: 'string',
  enum: ['1.0', '0.3'],
});

const errorExample = (code: Parameters<typeof apiErrorAsJsonRpc>[0], message: string, id: number | null) => ({
  value: { jsonrpc: '2.0', id, error: apiErrorAsJsonRpc(code, message, '0.3', { requestId: EXAMPLE_REQUEST_ID }) },
});

const rpcResponse = (description: string, examples: Record<string, { value: unknown }>, withStream = false) => ({
  description,
  headers: { 'Request-Id': { $ref: '#/components/headers/Request-Id' } },
  content: {
    'application/json': { schema: componentRef('A2aJsonRpcResponse'), examples },
    ...(withStream
      ? {
          'text/event-stream': {
            schema: {
              type: 'string',
              description:
                'Server-sent events; each `data:` line is one A2aJsonRpcResponse whose result is the task, a status update or an artifact update, until a final state (for `message/stream` also input-required).',
            },
          },
        }
      : {}),
  },
});

export function a2aPaths(publicBaseUrl: string): OpenApiDocument['paths'] {
  return {
    [AGENT_CARD_PATH]: {
      get: {
        operationId: 'getAgentCard',
        tags: ['A2A'],
        summary: 'The A2A agent card',
        description: `Public (no key): what an A2A client discovers first. Names the JSON-RPC endpoint (${publicBaseUrl}${A2A_RPC_PATH}), streaming and push notifications, the bearer key scheme, the input and output modes, and the roster’s skill tags as skills (read again at most every 30 s).`,
        security: [],
        parameters: [versionHeader],
        responses: {
          200: {
            description: 'The card',
            headers: { 'Request-Id': { $ref: '#/components/headers/Request-Id' } },
            content: { 'application/json': { schema: componentRef('A2aAgentCard') } },
          },
        },
      },
    },
    [A2A_RPC_PATH]: {
      post: {
        operationId: 'callA2a',
        tags: ['A2A'],
        summary: 'A2A JSON-RPC endpoint',
        description:
          'A task is a deployment. `message/send` (`SendMessage`) without `taskId` creates one: the text parts are the brief, one data part holds the create options (`skills`, `urgency`, `output_schema`, `metadata`, …, validated as `POST /v1/deployments`), URL parts are `context_files`; `messageId` is the idempotency key. With `taskId` it answers the expert’s question. ' +
          '`message/stream` and `tasks/resubscribe` answer server-sent events. States: pending → submitted; accepted, in_progress → working; needs_input → input-required; completed → completed (the output as an artifact: markdown, and `data` with an output_schema); cancelled → canceled; expired → failed. ' +
          'Push notification configs are webhook endpoints limited to the task: its events arrive as signed webhooks, the secret shown once in `authentication.credentials`. Same keys, modes and rate limit as `/v1`.',
        parameters: [versionHeader],
        requestBody: { required: true, content: { 'application/json': { schema: componentRef('A2aJsonRpcRequest') } } },
        responses: {
          200: rpcResponse(
            'The call’s answer, or its JSON-RPC error (a body that is not JSON, a wrong envelope, an unknown method, a refused field, an unknown task)',
            {
              invalid_params: errorExample('invalid_request', 'message.parts[1].data.urgency must be one of: standard, priority, scheduled', 1),
              not_found: errorExample('not_found', 'no task dep_01JZ0000000000000000000000 in this workspace and mode', 2),
            },
            true,
          ),
          401: rpcResponse('No key, or not a valid one', {
            authentication_failed: errorExample('authentication_failed', 'missing Authorization header; send "Authorization: Bearer <API key>"', 3),
          }),
          429: {
            ...rpcResponse('The key’s rate limit', {
              rate_limited: errorExample('rate_limited', 'this API key sent more than 1000 requests in the last minute; retry after 12 s', 4),
            }),
            headers: { 'Request-Id': { $ref: '#/components/headers/Request-Id' }, 'Retry-After': { $ref: '#/components/headers/Retry-After' } },
          },
          500: rpcResponse('A fault of ours', {
            internal_error: errorExample('internal_error', 'an unexpected error occurred; quote request_id when reporting it', 5),
          }),
        },
      },
    },
  };
}
