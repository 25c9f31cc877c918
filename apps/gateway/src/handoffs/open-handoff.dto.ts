import { HANDOFF_POLICIES, HANDOFF_ROUTES, MEMORY_KEY, type HandoffPolicy, type HandoffRoute, type Metadata } from '@eh/contracts';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsObject, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { SKILL_TAG, SkillTags } from '../deployments/deployment-fields';
import { IsFlatMetadata } from '../http/is-flat-metadata.validator';

/** Visible text on one line: names that go into the expert's brief must not smuggle line breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it refuses
const ONE_LINE = /^[^\u0000-\u001f\u007f]+$/;
const TAG = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const HANDOFF_URGENCIES = ['standard', 'priority'] as const;

/** `context` of POST /v1/handoffs; limits decided in docs/decisions.md. */
export class HandoffContextDto {
  @IsString()
  @MinLength(1, { message: 'goal must not be empty' })
  @MaxLength(10000)
  goal!: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20, { message: 'files must name at most 20 files' })
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  @Matches(ONE_LINE, { each: true, message: 'each value in files must be a file name on one line' })
  files?: string[];

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20, { message: 'memory_keys must name at most 20 entries' })
  @ArrayUnique({ message: 'memory_keys must not repeat a key' })
  @IsString({ each: true })
  @Matches(MEMORY_KEY, { each: true, message: 'each value in memory_keys must be a memory key (see GET /v1/memory)' })
  memory_keys?: string[];
}

export class OpenHandoffDto {
  @IsString()
  @MaxLength(100)
  @Matches(ONE_LINE, { message: 'surface must be 1 to 100 characters on one line, e.g. "editor.sidebar"' })
  surface!: string;

  @IsString()
  @Matches(SKILL_TAG, {
    message:
      'outcome must be a lowercase tag naming the kind of result wanted, such as "copywriting" (see GET /v1/experts); it is the skill routed on unless skills is given',
  })
  outcome!: string;

  @IsOptional()
  @IsIn(HANDOFF_ROUTES, { message: `route must be one of: ${HANDOFF_ROUTES.join(', ')}` })
  route?: HandoffRoute;

  @IsObject({ message: 'context must be an object with goal, files and memory_keys' })
  @ValidateNested()
  @Type(() => HandoffContextDto)
  context!: HandoffContextDto;

  @IsOptional()
  @IsString()
  @Matches(TAG, { message: 'trigger must be a lowercase tag such as "low_confidence"' })
  trigger?: string;

  @IsOptional()
  @IsIn(HANDOFF_POLICIES, { message: `policy must be one of: ${HANDOFF_POLICIES.join(', ')}` })
  policy?: HandoffPolicy;

  @IsString()
  @MaxLength(200)
  @Matches(ONE_LINE, { message: 'return must name the artifact to return, 1 to 200 characters on one line, e.g. "hero-copy.md"' })
  return!: string;

  @IsOptional()
  @SkillTags()
  skills?: string[];

  @IsOptional()
  @IsIn(HANDOFF_URGENCIES, { message: `urgency must be one of: ${HANDOFF_URGENCIES.join(', ')}` })
  urgency?: (typeof HANDOFF_URGENCIES)[number];

  @IsOptional()
  @IsFlatMetadata()
  metadata?: Metadata;
}
