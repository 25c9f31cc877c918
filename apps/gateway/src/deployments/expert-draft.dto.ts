import { ArrayMaxSize, IsArray, IsInt, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/**
 * The whole draft, replaced on each save (PUT); the same limits as publish, but `body` may be
 * empty and the figures null (not set yet). Every field must be sent: a PUT names the whole draft.
 */
export class ExpertDraftDto {
  @IsString()
  @MaxLength(200_000)
  body!: string;

  @IsArray()
  @ArrayMaxSize(20)
  @Matches(/^att_[0-9A-HJKMNP-TV-Z]{26}$/, { each: true, message: 'each of attachment_ids must be an attachment id (att_…)' })
  attachment_ids!: string[];

  @ValidateIf((draft: ExpertDraftDto) => draft.duration_seconds !== null)
  @IsInt()
  @Min(0)
  @Max(30 * 24 * 3600)
  @JSONSchema({ type: ['integer', 'null'], description: 'Null: not set (time is tracked from `started_at`).' })
  duration_seconds!: number | null;

  @ValidateIf((draft: ExpertDraftDto) => draft.credits_charged !== null)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  @JSONSchema({ type: ['integer', 'null'], description: 'Null: not set (the console proposes a charge).' })
  credits_charged!: number | null;
}
