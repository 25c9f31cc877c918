import 'reflect-metadata';
import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { rpcSubject } from '@eh/contracts';
import { loadConfig, PinoNestLogger, PrefixedNatsServer, rootLogger } from '@eh/platform';
import { mountedClosure } from './context-modules';
import { InfrastructureModule, type ServiceOptions } from './infrastructure.module';
import { ReactorRunner } from './reactor-runner';
import { runService } from './service-process';

/**
 * A service process as a Nest application: the infrastructure, the context modules it mounts
 * and the reactor runner that runs what they declare. apps/<service>/src/main.ts is one call of
 * `runNestService` with its list of modules.
 */
@Module({})
export class ServiceModule {
  static mount(options: ServiceOptions): DynamicModule {
    return {
      module: ServiceModule,
      imports: [InfrastructureModule.forService(options), DiscoveryModule, ...options.modules],
      providers: [ReactorRunner],
    };
  }
}

/** Whether a mounted module declares request handlers (`@MessagePattern` controllers). */
function answersRequests(options: ServiceOptions): boolean {
  return mountedClosure(options.modules).some((module) => ((Reflect.getMetadata('controllers', module) as unknown[] | undefined) ?? []).length > 0);
}

/**
 * Runs a service until SIGTERM/SIGINT (runService): a Nest application mounting `modules`. When
 * they declare request handlers, it is a microservice on NATS (Transport.NATS through
 * PrefixedNatsServer: every pattern under `rpc.<SUBJECT_PREFIX>.`); otherwise an application
 * context.
 */
export function runNestService(options: ServiceOptions): void {
  runService(options.name, async () => {
    const module = ServiceModule.mount(options);
    // abortOnError off: a failure to start (a broken migration) is reported by runService, then exits.
    // Nest's own lines go through the service's JSON logger.
    const common = { logger: new PinoNestLogger(rootLogger()), abortOnError: false };
    if (!answersRequests(options)) {
      const context = await NestFactory.createApplicationContext(module, common);
      return () => context.close();
    }
    const config = loadConfig();
    const server = new PrefixedNatsServer({ servers: config.natsUrl, name: `${options.name}-rpc` }, (pattern) => rpcSubject(config.subjectPrefix, pattern));
    const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, { ...common, strategy: server });
    // Listening after init: the workers and reactors are running before the first request is taken.
    await app.listen();
    return () => app.close();
  });
}
