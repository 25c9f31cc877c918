import type { ErrorCode } from '@eh/contracts';
import type { FastifyRequest } from 'fastify';
import { A2A_RPC_PATH } from './agent-card';
import { idOf, type JsonRpcId } from './json-rpc.envelope';
import { protocolOf, type JsonRpcError } from './json-rpc.errors';
import { refusalAsJsonRpc } from './json-rpc.failure';

export const isA2aRpcRequest = (request: FastifyRequest): boolean => request.method === 'POST' && request.url.split('?')[0] === A2A_RPC_PATH;

/**
 * A refusal of the HTTP layer on `POST /a2a/v1` as a JSON-RPC error response, for the gateway's
 * one exception filter: the id of the request when its body was read, else null.
 */
export function jsonRpcRefusal(
  request: FastifyRequest,
  refusal: { code: ErrorCode; message: string; param?: string; status: number },
  publicBaseUrl: string,
): { status: number; body: { jsonrpc: '2.0'; id: JsonRpcId; error: JsonRpcError } } {
  const { status, error } = refusalAsJsonRpc(refusal, {
    protocol: protocolOf(request.headers['a2a-version']) ?? '1.0',
    requestId: String(request.id),
    publicBaseUrl,
  });
  return { status, body: { jsonrpc: '2.0', id: idOf(request.body), error } };
}
