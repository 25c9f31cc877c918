import { IsOptional, IsString, MaxLength } from 'class-validator';

/** POST /v1/deployments/:id/cancel needs no body; an optional reason is accepted. */
export class CancelDeploymentDto {
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}
