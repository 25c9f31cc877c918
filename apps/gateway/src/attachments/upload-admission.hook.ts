import { DomainError, isId, RetryAfterError } from '@eh/contracts';
import { checkAttachmentSize, checkDeploymentRoom, uploadsHeldFor } from '@eh/attachments';
import type { AttachmentConfig, SqlClient } from '@eh/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ExpertGuard } from '../http/guards/expert.guard';
import type { DatabaseReadiness } from '../http/health/database-readiness';
import { closeAfterReply, declaredBodyLength } from '../http/cost-bounds/close-after-reply';
import { UPLOAD_ROUTE } from './upload-body.parser';
import { UploadsInFlight } from './uploads-in-flight';

export interface UploadAdmissionDeps {
  guard: ExpertGuard;
  sql: SqlClient;
  database: DatabaseReadiness;
  limits: AttachmentConfig;
}

/**
 * An upload is up to 25 MB the gateway holds in memory, and Nest's guards run only once the body
 * is parsed: a stranger's upload was read in full before its 401. So the upload route decides,
 * before a byte of the body is read, everything it can: the expert's credential (the guard's own
 * check, its failure throttle included; the guard then trusts what this set), a declared length
 * past the limit, the expert's uploads in flight on this process, and whether the declared file
 * fits what is left of the expert's room on the deployment. A refusal here answers in the API's
 * error shape with `Connection: close` and the body is never read.
 */
export function registerUploadAdmission(fastify: FastifyInstance, deps: UploadAdmissionDeps): void {
  const inFlight = new UploadsInFlight(deps.limits.uploadsInFlightPerExpert);
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || request.routeOptions.url !== UPLOAD_ROUTE) return;
    closeAfterReply(request);
    if (!deps.database.ready) throw new DomainError('service_unavailable', 'the service is starting and its database is not reachable yet; retry shortly');
    const expert = await deps.guard.authenticate(request);
    const declared = declaredBodyLength(request);
    // Only a length past the limit: every other check of the file keeps the handler's order.
    if (declared !== null && declared > deps.limits.maxBytes) checkAttachmentSize(declared, deps.limits.maxBytes);
    const release = inFlight.take(expert.id);
    if (!release)
      throw new RetryAfterError(
        'rate_limited',
        `you already have ${deps.limits.uploadsInFlightPerExpert} upload(s) in flight; send the next one when it is done`,
        1,
      );
    // Freed when the answer is sent or the client goes away, whichever comes first.
    reply.raw.once('close', release);
    const deploymentId = deploymentIdOf(request);
    if (declared !== null && deploymentId !== null) {
      const perDeployment = { maxFiles: deps.limits.maxFilesPerDeployment, maxBytes: deps.limits.maxBytesPerDeployment };
      checkDeploymentRoom(await uploadsHeldFor(deps.sql, { deploymentId, expertId: expert.id }), declared, perDeployment);
    }
    // Admitted: the body is read, so the connection may be kept.
    closeAfterReply(request, false);
  });
}

function deploymentIdOf(request: FastifyRequest): string | null {
  const value = (request.query as Record<string, unknown> | undefined)?.deployment_id;
  // Anything but a well-formed id is the handler's to refuse (the unsafe-input check runs after this hook).
  return typeof value === 'string' && isId('deployment', value) ? value : null;
}
