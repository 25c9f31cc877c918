import { URGENCIES, type Metadata, type Urgency } from '@eh/contracts';
import { IsIn, IsISO8601, IsObject, IsOptional, IsString, IsUrl, MaxLength, MinLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { IsFlatMetadata } from '../http/is-flat-metadata.validator';
import { ContextFiles, HTTPS_URL, SkillTags } from './deployment-fields';

/** The POST /v1/deployments request body; its limits are decided in docs/decisions.md. */
export class CreateDeploymentDto {
  @IsString()
  @MinLength(1, { message: 'brief must not be empty' })
  @MaxLength(20000)
  brief!: string;

  @SkillTags()
  skills!: string[];

  @IsOptional()
  @IsUrl(HTTPS_URL, { message: 'context_url must be an https URL' })
  @MaxLength(2048)
  context_url?: string;

  @IsOptional()
  @ContextFiles()
  context_files?: string[];

  @IsOptional()
  @IsIn(URGENCIES, { message: `urgency must be one of: ${URGENCIES.join(', ')}` })
  urgency?: Urgency;

  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true }, { message: 'scheduled_for must be an ISO 8601 date-time' })
  scheduled_for?: string;

  @IsOptional()
  @IsFlatMetadata()
  metadata?: Metadata;

  @IsOptional()
  // Scheme and address are checked by the controller (checkDestination), where configuration
  // can allow http and private hosts for tests and local development ("Safety").
  @IsUrl(
    { protocols: ['https', 'http'], require_protocol: true, require_valid_protocol: true, require_tld: false },
    { message: 'webhook_url must be an https URL' },
  )
  @MaxLength(2048)
  webhook_url?: string;

  @IsOptional()
  @IsObject({ message: 'output_schema must be a JSON Schema object (2020-12) describing the answer' })
  @JSONSchema({
    type: 'object',
    additionalProperties: true,
    description:
      'A JSON Schema (2020-12 dialect) of an object: the expert fills it, and the answer’s `output.data` is validated against it before it is delivered. At most 32 KB and 12 levels deep; local `$ref` only. Supported keywords: see the decisions on typed answers.',
  })
  output_schema?: Record<string, unknown>;

  @IsOptional()
  @IsString({ message: 'follow_up_to must be a deployment id (dep_…)' })
  @MaxLength(64)
  @JSONSchema({
    type: 'string',
    description:
      'A completed deployment of this workspace and mode to follow up: offered first to the expert who did it while they are online, who sees the earlier brief, question, reply and output. Unknown or another workspace’s: 404; not completed: 400.',
  })
  follow_up_to?: string;
}
