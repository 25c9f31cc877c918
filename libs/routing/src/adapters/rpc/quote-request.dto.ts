import { URGENCIES, type KeyMode, type QuoteRequest, type Urgency } from '@eh/contracts';
import { IsArray, IsIn, IsNotEmpty, IsString } from 'class-validator';

/** The router's quote request as it arrives over NATS (libs/contracts QuoteRequest), validated. */
export class QuoteRequestDto implements QuoteRequest {
  @IsString()
  @IsNotEmpty()
  workspace_id!: string;

  @IsIn(['test', 'live'])
  mode!: KeyMode;

  @IsArray()
  @IsString({ each: true })
  skills!: string[];

  @IsIn(URGENCIES)
  urgency!: Urgency;
}
