import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { AVAILABILITIES } from '@eh/contracts';

const HTTPS_URL = { protocols: ['https'], require_protocol: true, require_valid_protocol: true };

export class ReasonDto {
  @IsOptional()
  @IsString()
  @MaxLength(500)
  reason?: string;
}

export class AskDto {
  @IsString()
  @MinLength(1, { message: 'question must not be empty' })
  @MaxLength(2000)
  question!: string;
}

const linked = (item: AttachmentDto): boolean => item.attachment_id === undefined;

/**
 * docs/decisions.md: attachments are `{name, url, content_type, size_bytes}`, url a signed https
 * URL; or,, `{attachment_id}`: a file uploaded with `POST /expert/v1/attachments`,
 * whose name, type and size come from the upload. One form or the other, never both.
 */
@JSONSchema((source) => {
  const { required: _required, ...schema } = source;
  void _required;
  return { ...schema, oneOf: [{ required: ['name', 'url', 'content_type', 'size_bytes'] }, { required: ['attachment_id'] }] };
})
export class AttachmentDto {
  @ValidateIf(linked) @IsString() @MinLength(1) @MaxLength(255) name?: string;
  @ValidateIf(linked) @IsUrl(HTTPS_URL) @MaxLength(2048) url?: string;
  @ValidateIf(linked) @IsString() @MinLength(1) @MaxLength(255) content_type?: string;
  @ValidateIf(linked) @IsInt() @Min(0) @Max(100 * 1024 * 1024) size_bytes?: number;
  @IsOptional() @Matches(/^att_[0-9A-HJKMNP-TV-Z]{26}$/, { message: 'attachment_id must be an attachment id (att_…)' }) attachment_id?: string;
}

/** The output object plus the settlement: the markdown body, attachments, duration and charge. */
export class PublishDto {
  @IsString()
  @MinLength(1, { message: 'body must not be empty' })
  @MaxLength(200_000)
  body!: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => AttachmentDto)
  attachments?: AttachmentDto[];

  @IsInt()
  @Min(0)
  @Max(30 * 24 * 3600)
  duration_seconds!: number;

  @IsInt()
  @Min(0)
  @Max(1_000_000)
  credits_charged!: number;

  /** The typed answer: required, and checked against it, when the deployment has an output schema. */
  @IsOptional()
  @IsObject({ message: 'data must be an object: the answer to the deployment’s output_schema' })
  @JSONSchema({
    type: 'object',
    additionalProperties: true,
    description:
      'The answer to the deployment’s `output_schema` (required when it has one; refused otherwise). An invalid value is refused with 400 naming its JSON pointer in `param` (`output.data/variants/2`).',
  })
  data?: Record<string, unknown>;
}

export class ExpertCancelDto {
  @IsString()
  @MinLength(1, { message: 'reason must not be empty: the agent is told why' })
  @MaxLength(500)
  reason!: string;

  /** Partial work to attach to the cancelled deployment (a cancelled deployment may carry partial output). */
  @IsOptional()
  @IsString()
  @MaxLength(200_000)
  partial_body?: string;
}

export class AvailabilityDto {
  @IsIn(AVAILABILITIES)
  availability!: (typeof AVAILABILITIES)[number];

  /** `online` until then (future, at most 7 days ahead; online only); null or absent: no end. Checked by the roster (400 naming `available_until`). */
  @IsOptional()
  @IsString()
  @JSONSchema({
    type: ['string', 'null'],
    format: 'date-time',
    description:
      'Online until this time (ISO 8601 with a zone; in the future, at most 7 days ahead; only with `online`). Past it no offers come and availability turns `offline`. Null or absent: no end.',
  })
  available_until?: string | null;
}
