import { Writable } from 'node:stream';
import { addLogContext, deploymentIdOf, runWithLogContext } from './log-context';
import { createLogger, logLevelFromEnv, routeConsoleTo } from './logger';
import { PinoNestLogger } from './nest-logger';

function capture(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return {
    stream,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('JSON-lines logger', () => {
  it('writes one JSON object per line with service, level, ISO time and the scope’s ids', () => {
    const out = capture();
    const logger = createLogger('router', { level: 'info', destination: out.stream });
    logger.info('outside');
    runWithLogContext({ request_id: 'req_1', deployment_id: 'dep_1' }, () => {
      addLogContext({ workspace_id: 'ws_1' });
      logger.warn('inside');
    });
    logger.debug('not at info');
    const [outside, inside] = out.lines();
    expect(out.lines()).toHaveLength(2);
    expect(outside).toMatchObject({ level: 'info', service: 'router', msg: 'outside' });
    expect(outside).not.toHaveProperty('request_id');
    expect(String(outside.time)).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(inside).toMatchObject({ level: 'warn', msg: 'inside', request_id: 'req_1', deployment_id: 'dep_1', workspace_id: 'ws_1' });
  });

  it('routes console output and Nest’s logger through it (Nest’s chatter at debug)', () => {
    const out = capture();
    const logger = createLogger('ledger', { level: 'info', destination: out.stream });
    const saved = { log: console.log, error: console.error, warn: console.warn, info: console.info, debug: console.debug };
    try {
      routeConsoleTo(logger);
      console.error('ledger: sweep failed', new Error('connection refused'));
      console.log('reconciled %d missing', 3);
    } finally {
      Object.assign(console, saved);
    }
    const nest = new PinoNestLogger(logger);
    nest.log('Mapped {/v1, GET} route', 'RouterExplorer');
    nest.warn('rate limits not enforced (failing open)', 'RateLimit');
    expect(out.lines()).toEqual([
      expect.objectContaining({ level: 'error', msg: 'ledger: sweep failed', err: expect.objectContaining({ message: 'connection refused' }) }),
      expect.objectContaining({ level: 'info', msg: 'reconciled 3 missing' }),
      expect.objectContaining({ level: 'warn', msg: 'rate limits not enforced (failing open)', context: 'RateLimit' }),
    ]);
  });

  it('reads LOG_LEVEL, info by default, and refuses an unknown level', () => {
    expect(logLevelFromEnv({})).toBe('info');
    expect(logLevelFromEnv({ LOG_LEVEL: 'DEBUG' })).toBe('debug');
    expect(() => logLevelFromEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('finds the deployment an event is about', () => {
    expect(deploymentIdOf('deployment-dep_1', {})).toBe('dep_1');
    expect(deploymentIdOf('delivery-del_1', { deployment_id: 'dep_2' })).toBe('dep_2');
    expect(deploymentIdOf('workspace-ws_1', { name: 'x' })).toBeUndefined();
  });
});
