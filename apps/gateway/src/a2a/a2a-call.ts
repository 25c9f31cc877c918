import type { Actor } from '@eh/contracts';
import type { AuthenticatedKey } from '@eh/workspaces';
import { ServerCallContext, type User } from '@a2a-js/sdk/server';
import type { A2aProtocol } from './json-rpc.errors';

/** The workspace key behind a call, as the SDK's notion of a user. */
class ApiKeyUser implements User {
  constructor(private readonly keyId: string) {}
  get isAuthenticated(): boolean {
    return true;
  }
  get userName(): string {
    return this.keyId;
  }
}

/**
 * One JSON-RPC call as the SDK's handler sees it, carrying what the gateway already established
 * for the HTTP request: the API key (workspace and mode, checked by the same guard as `/v1`),
 * the request id, the protocol version, and a signal that fires when the client goes away.
 */
export class A2aCall extends ServerCallContext {
  constructor(
    readonly auth: AuthenticatedKey,
    /** Who acts, as the audit trail of webhook endpoints names them (the key, or a member). */
    readonly actor: Actor,
    readonly requestId: string,
    readonly protocol: A2aProtocol,
    readonly closed: AbortSignal,
  ) {
    super({ user: new ApiKeyUser(auth.keyId), requestedVersion: protocol });
  }

  /** What the handler threw, kept because the SDK's transport turns it into a generic error before we see it. */
  failure: unknown = undefined;

  get scope(): { workspaceId: string; mode: AuthenticatedKey['mode'] } {
    return { workspaceId: this.auth.workspaceId, mode: this.auth.mode };
  }
}

/** The call behind the SDK's context: only ours reach the handler, so anything else is a wiring error. */
export function callOf(context: ServerCallContext): A2aCall {
  if (!(context instanceof A2aCall)) throw new Error('A2A handler reached without the gateway’s call context');
  return context;
}
