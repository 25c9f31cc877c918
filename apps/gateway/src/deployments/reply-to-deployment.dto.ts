import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { ContextFiles } from './deployment-fields';

/** The POST /v1/deployments/:id/reply body; limits as create's brief and context_files (docs/decisions.md). */
export class ReplyToDeploymentDto {
  @IsString()
  @MinLength(1, { message: 'body must not be empty' })
  @MaxLength(20000)
  body!: string;

  @IsOptional()
  @ContextFiles()
  context_files?: string[];
}
