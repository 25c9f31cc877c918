import { IsOptional, IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/** `POST /v1/webhook_deliveries/replay`: which dead letters of the caller's workspace and mode. */
export class BulkReplayDto {
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
  @MaxLength(100)
  endpoint_id?: string;

  @IsOptional()
  @IsString()
  @JSONSchema({ format: 'date-time', description: 'Inclusive.' })
  created_after?: string;

  @IsOptional()
  @IsString()
  @JSONSchema({ format: 'date-time', description: 'Exclusive.' })
  created_before?: string;
}
