import 'reflect-metadata';
import { Controller, Module, UseFilters, UsePipes, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload, type MicroserviceOptions } from '@nestjs/microservices';
import { DomainError, rpcSubject } from '@eh/contracts';
import { testNamespace } from '@eh/platform/testing';
import { IsInt, Min } from 'class-validator';
import { PrefixedNatsClient, PrefixedNatsServer } from './prefixed-nats.transport';
import { RpcErrorEnvelopeFilter } from './rpc-error.filter';
import { requestReply, RpcUnavailableError } from './rpc-request';
import { rpcValidationPipe } from './rpc-validation.pipe';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

class DoubleDto {
  @IsInt()
  @Min(0)
  n!: number;
}

@Controller()
@UsePipes(rpcValidationPipe())
@UseFilters(new RpcErrorEnvelopeFilter('test'))
class DoubleController {
  @MessagePattern('test.double', { queue: 'test' })
  double(@Payload() request: DoubleDto): { n: number } {
    if (request.n === 13) throw new DomainError('credits_exhausted', 'unlucky');
    if (request.n === 666) throw new Error('a bug');
    return { n: request.n * 2 };
  }
}

@Module({ controllers: [DoubleController] })
class DoubleModule {}

/** Request/reply on @nestjs/microservices, under a run-time prefix, with one error envelope. */
describe('request/reply over Transport.NATS under a subject prefix', () => {
  const prefix = testNamespace();
  const subjectOf = (pattern: string) => rpcSubject(prefix, pattern);
  let app: INestMicroservice;
  let client: PrefixedNatsClient;

  beforeAll(async () => {
    app = await NestFactory.createMicroservice<MicroserviceOptions>(DoubleModule, {
      strategy: new PrefixedNatsServer({ servers: NATS_URL }, subjectOf),
      logger: false,
    });
    await app.listen();
    client = new PrefixedNatsClient({ servers: NATS_URL }, subjectOf);
  });

  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('answers on rpc.<prefix>.<pattern>', async () => {
    expect(await requestReply(client, 'test.double', { n: 21 }, 2_000)).toEqual({ n: 42 });
  });

  it('carries refusals, invalid payloads and failures back in the envelope, as DomainErrors', async () => {
    await expect(requestReply(client, 'test.double', { n: 13 }, 2_000)).rejects.toMatchObject({ code: 'credits_exhausted', message: 'unlucky' });
    await expect(requestReply(client, 'test.double', { n: 'many' }, 2_000)).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(requestReply(client, 'test.double', { n: 1, extra: true }, 2_000)).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(requestReply(client, 'test.double', { n: 666 }, 2_000)).rejects.toMatchObject({ code: 'internal_error' });
  });

  it('fails fast when nothing listens on the pattern under this prefix', async () => {
    const other = new PrefixedNatsClient({ servers: NATS_URL }, (pattern) => rpcSubject(`${prefix}x`, pattern));
    try {
      const started = Date.now();
      await expect(requestReply(other, 'test.double', { n: 1 }, 5_000)).rejects.toBeInstanceOf(RpcUnavailableError);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await other.close();
    }
  });
});
