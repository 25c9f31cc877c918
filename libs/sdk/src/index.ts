export { ExpertHandoff } from './client';
export type { ClientOptions, RequestOptions } from './http';
export type { WaitForOptions } from './wait-for';
export * from './errors';
export * from './types';
export type { VerifyWebhookInput, VerifyWebhookResult, VerifyFailure } from '@eh/webhook-signature';
