import { IsOptional, IsString, MaxLength } from 'class-validator';
import { BulkReplayDto } from './webhook-deliveries.dto';

/** `POST /admin/v1/webhook-deliveries/replay`: the partner's filters and bounds, across workspaces or within one. */
export class AdminBulkReplayDto extends BulkReplayDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  workspace_id?: string;
}
