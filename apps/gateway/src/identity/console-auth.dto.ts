import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/**
 * The password rules are the policy's (libs/identity password-policy.ts), counted in characters;
 * the schema says so for generated clients, the policy refuses with 400 naming `password`.
 */
export class AcceptInvitationDto {
  @IsString()
  @MaxLength(1000)
  @JSONSchema({ minLength: 12, maxLength: 200, description: '12 to 200 characters; not a common password, the email or the name.' })
  password!: string;

  /** Members and operators choose the name others see; experts have theirs from the roster (400 if sent). */
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  name?: string;
}

export class SignInDto {
  @IsString()
  @MinLength(1)
  @MaxLength(254)
  email!: string;

  @IsString()
  @MinLength(1)
  @MaxLength(1000)
  password!: string;
}

export class InviteExpertDto {
  @IsString()
  @MaxLength(254)
  @JSONSchema({ format: 'email' })
  email!: string;
}
