import { applyDecorators, Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';

const contextRuntimeMark = DiscoveryService.createDecorator<void>();

/**
 * Marks a provider that declares what its context runs in a service process: its reactors (as
 * data) and its background workers (libs/event-store ContextRuntimeDeclaration). The service's
 * reactor runner (libs/runtime) finds every one in the modules the process mounts and runs
 * them; a process that does not run background work (the gateway) mounts the same modules and
 * never starts them. Such a provider is always injected by Nest, so the mark makes it
 * `@Injectable()` as well.
 */
export const ContextRuntime = Object.assign((): ClassDecorator => applyDecorators(contextRuntimeMark(), Injectable()), {
  KEY: contextRuntimeMark.KEY,
});
