import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsString, IsUrl, Matches, MaxLength } from 'class-validator';
import { stacked } from '../http/stacked-decorators';

export const HTTPS_URL = { protocols: ['https'], require_protocol: true, require_valid_protocol: true };
export const SKILL_TAG = /^[a-z0-9][a-z0-9+#._-]{0,63}$/;

/** `skills` of a create and of a handoff: 1 to 20 distinct skill tags. */
export const SkillTags = (): PropertyDecorator =>
  stacked(
    IsArray(),
    ArrayMinSize(1, { message: 'skills must name at least one skill tag' }),
    ArrayMaxSize(20),
    ArrayUnique({ message: 'skills must not repeat a tag' }),
    IsString({ each: true }),
    Matches(SKILL_TAG, { each: true, message: 'each value in skills must be a lowercase skill tag such as "brand-strategy" (see GET /v1/experts)' }),
  );

/** `context_files` of a create and of a reply: at most 20 signed https URLs. */
export const ContextFiles = (): PropertyDecorator =>
  stacked(
    IsArray(),
    ArrayMaxSize(20, { message: 'context_files must contain at most 20 files' }),
    IsUrl(HTTPS_URL, { each: true, message: 'each value in context_files must be a signed https URL' }),
    MaxLength(2048, { each: true }),
  );
