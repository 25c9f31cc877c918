import { IsOptional, IsString } from 'class-validator';

/** `POST /admin/v1/webhook-deliveries/replay`: every dead letter matching all given fields. */
export class BulkReplayDto {
  @IsOptional()
  @IsString()
  workspace_id?: string;

  @IsOptional()
  @IsString()
  endpoint_id?: string;

  @IsOptional()
  @IsString()
  event_type?: string;

  @IsOptional()
  @IsString()
  deployment_id?: string;

  @IsOptional()
  @IsString()
  created_after?: string;

  @IsOptional()
  @IsString()
  created_before?: string;
}
