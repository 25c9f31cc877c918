import { Get, Inject, Param, Put } from '@nestjs/common';
import { attachmentsOfWork } from '@eh/attachments';
import { DomainError, isId, type ExpertRef } from '@eh/contracts';
import { assignedWork, findExpertDraft, saveExpertDraft, type ExpertDraft } from '@eh/deployments';
import { ValidBody } from '../http/validated-body.pipe';
import { CurrentExpert } from '../http/guards/expert.guard';
import { GatewayPorts } from '../http/gateway-ports';
import { ExpertDraftDto } from './expert-draft.dto';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import { getDraftOperation, saveDraftOperation } from './expert-draft.openapi';
import { ExpertController } from '../http/guards/audience-controllers';

/** A draft as answered: its attachments named, so the console can list them after a reload (contract change). */
export interface DraftResource extends ExpertDraft {
  attachments: { id: string; name: string; content_type: string; size_bytes: number }[];
}

/**
 * `GET|PUT /expert/v1/deployments/:id/draft`: the output being written survives a
 * reload. Only the assigned expert; saving only while the work is open. Never seen by the agent.
 */
@ExpertController('expert/v1/deployments')
export class ExpertDraftController {
  constructor(@Inject(GatewayPorts) private readonly ports: GatewayPorts) {}

  @ExpertOperation(getDraftOperation)
  @Get(':id/draft')
  async get(@CurrentExpert() expert: ExpertRef, @Param('id') id: string): Promise<DraftResource> {
    this.checkId(id);
    await assignedWork(this.ports.store, expert, id, { field: 'id', activeOnly: false });
    return this.named(await findExpertDraft(this.ports.sql, { deploymentId: id, expertId: expert.id }), id, expert.id);
  }

  @ExpertOperation(saveDraftOperation)
  @Put(':id/draft')
  async put(@CurrentExpert() expert: ExpertRef, @Param('id') id: string, @ValidBody(ExpertDraftDto) body: ExpertDraftDto): Promise<DraftResource> {
    this.checkId(id);
    await assignedWork(this.ports.store, expert, id, { field: 'id', activeOnly: true });
    const work = { deploymentId: id, expertId: expert.id };
    const ids = [...new Set(body.attachment_ids)];
    const known = await attachmentsOfWork(this.ports.sql, ids, work);
    const missing = body.attachment_ids.findIndex((attachmentId) => !known.has(attachmentId));
    if (missing >= 0)
      throw new DomainError(
        'invalid_request',
        `attachment_ids[${missing}]: no attachment ${body.attachment_ids[missing]} uploaded by you for this deployment`,
        `attachment_ids[${missing}]`,
      );
    const saved = await saveExpertDraft(
      this.ports.sql,
      work,
      { body: body.body, attachment_ids: ids, duration_seconds: body.duration_seconds, credits_charged: body.credits_charged },
      new Date(),
    );
    return this.named(saved, id, expert.id);
  }

  private checkId(id: string): void {
    if (!isId('deployment', id)) throw new DomainError('not_found', `no deployment ${id}`, 'id');
  }

  private async named(draft: ExpertDraft, deploymentId: string, expertId: string): Promise<DraftResource> {
    const records = await attachmentsOfWork(this.ports.sql, draft.attachment_ids, { deploymentId, expertId });
    const attachments = draft.attachment_ids.flatMap((id) => {
      const record = records.get(id);
      return record ? [{ id, name: record.name, content_type: record.content_type, size_bytes: record.size_bytes }] : [];
    });
    return { ...draft, attachments };
  }
}
