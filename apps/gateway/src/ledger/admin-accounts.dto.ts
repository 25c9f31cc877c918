import { IsInt, IsNumber, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';

/** POST /admin/v1/workspaces/:id/account/credits: a top-up. */
export class GrantCreditsDto {
  @IsInt()
  @Min(1)
  @Max(1_000_000_000)
  credits!: number;

  @IsOptional()
  @IsString()
  @MaxLength(500)
  note?: string;

  /** The operator's id for the grant (an invoice number…): repeating it grants nothing. */
  @IsOptional()
  @IsString()
  @Length(1, 100)
  reference?: string;
}

/** PATCH /admin/v1/workspaces/:id/account/plan: omitted values keep the current plan's (or the named preset's). */
export class ChangePlanDto {
  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsInt()
  cycle_cap_credits?: number;

  /** Fractions allowed (down to one second), so short cycles can be tried out. */
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  cycle_days?: number;

  @IsOptional()
  @IsInt()
  in_flight_limit?: number;
}
