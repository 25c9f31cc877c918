import { IsOptional, IsString, MaxLength } from 'class-validator';

/** SPEC.md "POST /v1/deployments/:id/cancel" specifies no body; an optional reason is accepted. */
export class CancelDeploymentDto {
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}
