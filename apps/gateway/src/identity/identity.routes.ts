/** People (libs/identity): console sign-in and sessions, operations' operators, a workspace's API keys; the sign-in throttle. */
import { AdminOperatorsController } from './admin-operators.controller';
import { ApiKeysController } from './api-keys.controller';
import { ConsoleAuthController } from './console-auth.controller';
import { ConsoleAuthService } from './console-auth.service';
import { SIGN_IN_THROTTLE } from './console-auth.tokens';
import { ConsoleSessions } from './console-sessions';
import type { SignInThrottle } from './sign-in.throttle';

export const IDENTITY_CONTROLLERS = [ConsoleAuthController, AdminOperatorsController, ApiKeysController];

export const identityProviders = (signInThrottle: () => SignInThrottle) => [
  ConsoleSessions,
  ConsoleAuthService,
  // Read when first injected: the offline OpenAPI gateway and the fuzzer's route catalog pass no connections at all.
  { provide: SIGN_IN_THROTTLE, useFactory: signInThrottle },
];
