import { ERROR_CODES } from '@eh/contracts';
import { apiErrorAsJsonRpc, JSON_RPC_CODES, jsonRpcCodeOf, protocolOf, withServiceFacts } from './json-rpc.errors';

describe('jsonRpcCodeOf', () => {
  it('uses A2A’s codes where A2A has one, and the server-error code for the rest', () => {
    expect(jsonRpcCodeOf('invalid_request')).toBe(-32602);
    expect(jsonRpcCodeOf('not_found')).toBe(-32001);
    expect(jsonRpcCodeOf('deployment_not_cancellable')).toBe(-32002);
    expect(jsonRpcCodeOf('deployment_not_awaiting_input')).toBe(-32004);
    expect(jsonRpcCodeOf('internal_error')).toBe(-32603);
    for (const code of [
      'authentication_failed',
      'rate_limited',
      'credits_exhausted',
      'expert_unavailable',
      'idempotency_conflict',
      'service_unavailable',
    ] as const)
      expect(jsonRpcCodeOf(code)).toBe(-32000);
  });

  it('answers a code in JSON-RPC’s reserved ranges for every error code there is', () => {
    for (const code of ERROR_CODES) expect(jsonRpcCodeOf(code)).toBeLessThanOrEqual(-32000);
  });
});

describe('withServiceFacts', () => {
  const facts = {
    requestId: 'req_1',
    apiCode: 'invalid_request' as const,
    param: 'message.parts[1].data.skills',
    docsUrl: 'https://x.test/docs/errors/invalid_request',
  };

  it('v0.3: request_id, code, param and docs_url are keys of data, beside what it held', () => {
    expect(withServiceFacts({ code: -32602, message: 'bad', data: { hint: 1 } }, '0.3', facts)).toEqual({
      code: -32602,
      message: 'bad',
      data: { hint: 1, request_id: 'req_1', code: 'invalid_request', param: facts.param, docs_url: facts.docsUrl },
    });
  });

  it('v1.0: typed details appended to the SDK’s: ErrorInfo with our metadata, BadRequest naming the field, RequestInfo', () => {
    const sdkDetail = { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND', domain: 'a2a-protocol.org' };
    const { data } = withServiceFacts({ code: -32602, message: 'bad', data: [sdkDetail] }, '1.0', facts) as { data: Record<string, unknown>[] };
    expect(data[0]).toEqual(sdkDetail);
    expect(data[1]).toEqual({
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'INVALID_REQUEST',
      domain: 'expert-handoff',
      metadata: { request_id: 'req_1', code: 'invalid_request', param: facts.param, docs_url: facts.docsUrl },
    });
    expect(data[2]).toEqual({ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: facts.param, description: 'bad' }] });
    expect(data[3]).toMatchObject({ '@type': 'type.googleapis.com/google.rpc.RequestInfo', requestId: 'req_1' });
  });

  it('an error of JSON-RPC itself (no REST code) still carries the request id', () => {
    expect(withServiceFacts({ code: -32601, message: 'Invalid method.' }, '0.3', { requestId: 'req_2' })).toEqual({
      code: -32601,
      message: 'Invalid method.',
      data: { request_id: 'req_2' },
    });
    expect(withServiceFacts({ code: -32601, message: 'Invalid method.' }, '1.0', { requestId: 'req_2' }).data).toEqual([
      expect.objectContaining({ requestId: 'req_2' }),
    ]);
  });
});

describe('apiErrorAsJsonRpc', () => {
  it('a missing key: server error with authentication_failed in data', () => {
    expect(apiErrorAsJsonRpc('authentication_failed', 'missing Authorization header', '0.3', { requestId: 'req_3' })).toEqual({
      code: JSON_RPC_CODES.SERVER_ERROR,
      message: 'missing Authorization header',
      data: { request_id: 'req_3', code: 'authentication_failed' },
    });
  });
});

describe('protocolOf', () => {
  it.each([
    [undefined, '0.3'],
    ['', '0.3'],
    ['0.3', '0.3'],
    ['0.3.0', '0.3'],
    ['1.0', '1.0'],
    ['1', '1.0'],
    [['1.0', '0.3'], '1.0'],
    ['2.0', null],
    ['0.2', null],
    ['latest', null],
  ])('A2A-Version %p is %p', (header, protocol) => {
    expect(protocolOf(header)).toBe(protocol);
  });
});
