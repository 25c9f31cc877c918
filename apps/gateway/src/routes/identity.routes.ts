/** People (libs/identity): console sign-in and sessions, a workspace's members, operations' operators; their guards and throttles. */
import { ConsoleAuthController } from '../console-auth/console-auth.controller';
import { ConsoleAuthService } from '../console-auth/console-auth.service';
import { SIGN_IN_THROTTLE } from '../console-auth/console-auth.tokens';
import { ConsoleSessionGuard } from '../console-auth/console-session.guard';
import { ConsoleSessions } from '../console-auth/console-sessions';
import type { SignInThrottle } from '../console-auth/sign-in.throttle';
import { MemberGuard } from '../members/member.guard';
import { MembersController } from '../members/members.controller';
import { WorkspacePeople } from '../members/workspace-people.service';
import { AdminOperatorsController } from '../operators/admin-operators.controller';

export const IDENTITY_CONTROLLERS = [ConsoleAuthController, MembersController, AdminOperatorsController];

export const identityProviders = (signInThrottle: () => SignInThrottle) => [
  ConsoleSessions,
  ConsoleSessionGuard,
  ConsoleAuthService,
  MemberGuard,
  WorkspacePeople,
  // Read when first injected: the offline OpenAPI gateway and the fuzzer's route catalog pass no connections at all.
  { provide: SIGN_IN_THROTTLE, useFactory: signInThrottle },
];
