import { Body, Injectable } from '@nestjs/common';
import { DomainError, SIGNATURE_SCHEMES, type SignatureScheme } from '@eh/contracts';
import { OptionalValidatedBody } from '../http/optional-validated-body.pipe';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { stacked } from '../http/stacked-decorators';

const SCHEME_DESCRIPTION =
  '`service` (default): the `Service-Signature` header. `standard`: Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`), as Svix signs, verified by the `standardwebhooks` and `svix` libraries; the secret is then shown in that scheme’s form (`whsec_<base64>`). The same retries and delivery ids either way.';

const EVENTS_DESCRIPTION =
  'Public event types this endpoint receives, or `["*"]` for all of them (also types added later). Unknown types and repeats are 400 naming the item.';

/** `enabled_events`: 1 to 20 event types (their names are checked by the handler). */
const EnabledEvents = (description: string): PropertyDecorator =>
  stacked(IsArray(), ArrayMinSize(1), ArrayMaxSize(20), IsString({ each: true }), JSONSchema({ description }));

/** `signature_scheme`: one of the schemes; a refusal lists them. */
const SignatureSchemeField = (description: string): PropertyDecorator =>
  stacked(IsIn(SIGNATURE_SCHEMES, { message: `signature_scheme must be one of: ${SIGNATURE_SCHEMES.join(', ')}` }), JSONSchema({ description }));

/** `POST /v1/webhook_endpoints` (docs/dashboard-contract.md §2); the URL's safety is checked by the handler. */
export class CreateWebhookEndpointDto {
  @IsString()
  @MaxLength(2048)
  @JSONSchema({ format: 'uri', description: 'https (or http to private addresses only where the service allows it for development).' })
  url!: string;

  @IsOptional()
  @EnabledEvents(`${EVENTS_DESCRIPTION} Default \`["*"]\`.`)
  enabled_events?: string[];

  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  @IsOptional()
  @IsBoolean()
  @JSONSchema({ description: 'Default true.' })
  enabled?: boolean;

  @IsOptional()
  @SignatureSchemeField(SCHEME_DESCRIPTION)
  signature_scheme?: SignatureScheme;
}

/** `POST /v1/webhook_endpoints/:id`: only the fields sent change; at least one. */
export class UpdateWebhookEndpointDto {
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  @JSONSchema({ format: 'uri' })
  url?: string;

  @IsOptional()
  @EnabledEvents(EVENTS_DESCRIPTION)
  enabled_events?: string[];

  @IsOptional()
  @IsString()
  @MaxLength(500)
  description?: string;

  @IsOptional()
  @IsBoolean()
  enabled?: boolean;

  @IsOptional()
  @SignatureSchemeField(`${SCHEME_DESCRIPTION} Switching keeps the secret: the same bytes, shown in the other form.`)
  signature_scheme?: SignatureScheme;
}

/** Rotation of an endpoint's or the workspace's signing secret: how long the previous one keeps signing. */
export class RotateSigningSecretDto {
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(7 * 24 * 3600)
  @JSONSchema({ description: 'Seconds the previous secret keeps signing beside the new one (0: retired at once); default 86400.' })
  overlap_seconds?: number;
}

/** Actions that take no body, or `{}` (the body's schema in the documents). */
export class EmptyBodyDto {}

/**
 * The pipe of such actions: nothing or `{}` passes; a field is 400 naming it; `null`, arrays and
 * other JSON are refused as for every body. (class-validator refuses a class with no rules at all.)
 */
@Injectable()
export class NoBody extends OptionalValidatedBody<EmptyBodyDto> {
  constructor() {
    super(EmptyBodyDto);
  }

  override transform(body: unknown): EmptyBodyDto {
    if (body === undefined) return {};
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      const field = Object.keys(body)[0];
      if (field === undefined) return {};
      throw new DomainError('invalid_request', `this action takes no body; unknown field ${field}`, field);
    }
    return super.transform(body);
  }
}

/** The handler's parameter for an action that takes no body (see `NoBody`). */
export const EmptyBody = (): ParameterDecorator => Body(new NoBody());
