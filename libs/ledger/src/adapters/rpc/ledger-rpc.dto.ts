import type { ReleaseReservationRequest, ReserveCreditsRequest } from '@eh/contracts';
import { IsInt, IsNotEmpty, IsString, Min } from 'class-validator';

/** The gateway's release of a create that failed after its reserve, validated. */
export class ReleaseReservationDto implements ReleaseReservationRequest {
  @IsString()
  @IsNotEmpty()
  workspace_id!: string;

  @IsString()
  @IsNotEmpty()
  deployment_id!: string;

  @IsString()
  request_id!: string;
}

/** The gateway's reserve as it arrives over NATS (libs/contracts ReserveCreditsRequest): what a release names, and the amount. */
export class ReserveCreditsDto extends ReleaseReservationDto implements ReserveCreditsRequest {
  @IsInt()
  @Min(0)
  amount!: number;
}
