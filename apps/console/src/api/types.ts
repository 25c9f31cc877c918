/**
 * Names for the shapes the console reads, all derived from the generated OpenAPI types (no
 * hand-written request or response types): a change in the gateway's document shows up here as a
 * type error.
 */
import type { Expert } from './generated/console-api';

type paths = Expert.paths;

type Method = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type SuccessOf<Responses> = Responses extends { 200: infer R } ? R : Responses extends { 201: infer R } ? R : never;

/** The JSON body a successful call answers. */
export type ResponseOf<P extends keyof paths, M extends Method> = Operation<P, M> extends { responses: infer Responses } ? JsonOf<SuccessOf<Responses>> : never;
/** The JSON body a call sends. */
export type RequestOf<P extends keyof paths, M extends Method> = Operation<P, M> extends { requestBody?: infer Body } ? JsonOf<NonNullable<Body>> : never;

export type Session = ResponseOf<'/console/api/v1/session', 'get'>;
export type Invitation = ResponseOf<'/console/api/v1/invitations/{token}', 'get'>;
export type Me = ResponseOf<'/expert/v1/me', 'get'>;
export type Availability = RequestOf<'/expert/v1/availability', 'post'>['availability'];
export type WorkItem = ResponseOf<'/expert/v1/offers', 'get'>['data'][number];
export type MissedOffer = ResponseOf<'/expert/v1/offers/missed', 'get'>['data'][number];
export type ExpertDeployment = ResponseOf<'/expert/v1/deployments/{id}', 'get'>;
export type DeploymentStatus = ExpertDeployment['status'];
export type MemoryEntry = NonNullable<ExpertDeployment['memory']>['entries'][number];
export type Draft = ResponseOf<'/expert/v1/deployments/{id}/draft', 'get'>;
export type DraftInput = RequestOf<'/expert/v1/deployments/{id}/draft', 'put'>;
export type DraftAttachment = Draft['attachments'][number];
export type UploadedAttachment = ResponseOf<'/expert/v1/attachments', 'post'>;
export type Earnings = ResponseOf<'/expert/v1/earnings', 'get'>;
export type PublishInput = RequestOf<'/expert/v1/deployments/{id}/publish', 'post'>;
