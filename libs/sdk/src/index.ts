export { ExpertHandoff } from './client';
export type { ClientOptions, RequestOptions, ResponseInfo } from './http';
export type { EventStreamOptions, StreamedEvent } from './event-stream';
export { type SseFrame, sseFrames } from './sse-frames';
export type { WaitForOptions } from './wait-for';
export * from './errors';
export * from './types';
export type { VerifyWebhookInput, VerifyWebhookResult, VerifyFailure } from '@eh/webhook-signature';
