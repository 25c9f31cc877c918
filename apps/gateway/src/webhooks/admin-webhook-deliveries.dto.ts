import { IsOptional, IsString, MaxLength } from 'class-validator';

/** `POST /admin/v1/webhook-deliveries/replay`: every dead letter matching all given fields; the same bounds as the partner's `POST /v1/webhook_deliveries/replay`. */
export class BulkReplayDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  workspace_id?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  endpoint_id?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  event_type?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  deployment_id?: string;

  @IsOptional()
  @IsString()
  created_after?: string;

  @IsOptional()
  @IsString()
  created_before?: string;
}
