/**
 * The RedisRateLimiter counting all of a workspace's keys and members of one mode together
 * (RATE_LIMIT_PER_WORKSPACE_PER_MINUTE); null when that bound is off.
 */
export const WORKSPACE_RATE_LIMITER = Symbol('WorkspaceRateLimiter');

/** The window's subject: one per workspace and mode, so a test-mode flood leaves live traffic its room. */
export const workspaceWindow = (workspaceId: string, mode: string): string => `workspace:${workspaceId}:${mode}`;
