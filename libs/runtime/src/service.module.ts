import 'reflect-metadata';
import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
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

/** Runs a service until SIGTERM/SIGINT (runService): a Nest application context mounting `modules`. */
export function runNestService(options: ServiceOptions): void {
  runService(options.name, async () => {
    // abortOnError off: a failure to start (a broken migration) is reported by runService, then exits.
    const app = await NestFactory.createApplicationContext(ServiceModule.mount(options), { logger: ['error', 'warn'], abortOnError: false });
    return () => app.close();
  });
}
