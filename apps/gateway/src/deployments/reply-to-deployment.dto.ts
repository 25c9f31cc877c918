import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUrl, MaxLength, MinLength } from 'class-validator';

const HTTPS_URL = { protocols: ['https'], require_protocol: true, require_valid_protocol: true };

/** SPEC.md "POST /v1/deployments/:id/reply"; limits as create's brief and context_files (docs/decisions.md). */
export class ReplyToDeploymentDto {
  @IsString()
  @MinLength(1, { message: 'body must not be empty' })
  @MaxLength(20000)
  body!: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20, { message: 'context_files must contain at most 20 files' })
  @IsUrl(HTTPS_URL, { each: true, message: 'each value in context_files must be a signed https URL' })
  @MaxLength(2048, { each: true })
  context_files?: string[];
}
