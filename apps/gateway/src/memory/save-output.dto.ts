import { MEMORY_KEY } from '@eh/contracts';
import { IsOptional, IsString, Matches } from 'class-validator';

/** POST /v1/deployments/:id/save-output: no body, `{}`, or the key to save under. */
export class SaveOutputDto {
  @IsOptional()
  @IsString()
  @Matches(MEMORY_KEY, { message: 'key must be 1 to 100 characters of a-z, 0-9, ".", "_" or "-", starting with a letter or digit' })
  key?: string;
}
