import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** A rating of completed work: 1 (poor) to 5 (excellent), and an optional comment the expert reads. */
export class GiveFeedbackDto {
  @IsInt({ message: 'rating must be a whole number from 1 to 5' })
  @Min(1, { message: 'rating must be a whole number from 1 to 5' })
  @Max(5, { message: 'rating must be a whole number from 1 to 5' })
  rating!: number;

  @IsOptional()
  @IsString()
  @MaxLength(2000)
  comment?: string;
}
