import { DiscoveryService } from '@nestjs/core';

/**
 * Marks a provider that declares what its context runs in a service process: its reactors (as
 * data) and its background workers (libs/event-store ContextRuntimeDeclaration). The service's
 * reactor runner (libs/runtime) finds every one in the modules the process mounts and runs
 * them; a process that does not run background work (the gateway) mounts the same modules and
 * never starts them.
 */
export const ContextRuntime = DiscoveryService.createDecorator<void>();
