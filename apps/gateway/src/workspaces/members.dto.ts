import { IsIn, IsString, MaxLength } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { MEMBER_ROLES } from '@eh/contracts';

/** `POST /console/api/v1/members/invitations`. */
export class InviteMemberDto {
  @IsString()
  @MaxLength(254)
  @JSONSchema({ format: 'email' })
  email!: string;

  @IsString()
  @IsIn([...MEMBER_ROLES])
  role!: string;
}

/** `POST /console/api/v1/members/:id`. */
export class ChangeMemberRoleDto {
  @IsString()
  @IsIn([...MEMBER_ROLES])
  role!: string;
}
