import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** `PUT /admin/v1/workspaces/:id/webhook-endpoint`: the URL is checked for safety by the handler. */
export class RegisterWebhookEndpointDto {
  @IsString()
  @MaxLength(2048)
  url!: string;
}

/** `POST …/webhook-endpoint/rotate-secret`: how long the old secret keeps signing (default from WEBHOOK_SECRET_OVERLAP_SECONDS). */
export class RotateWebhookSecretDto {
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(30 * 24 * 3600)
  overlap_seconds?: number;
}
