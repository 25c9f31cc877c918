import { SetMetadata } from '@nestjs/common';
import type { ResourceKind } from './version-catalog';

export const RESOURCE_METADATA = 'eh:resource';

export interface ResourceTag {
  kind: ResourceKind;
  /** For a list: the kind of each item of `data`. */
  itemKind?: ResourceKind;
}

/**
 * Tags what a handler returns, so ApiVersionInterceptor can render it in the caller's
 * `Service-Version` shape. Untagged results are passed through unchanged.
 */
export const Resource = (kind: ResourceKind, itemKind?: ResourceKind): MethodDecorator =>
  SetMetadata<string, ResourceTag>(RESOURCE_METADATA, itemKind ? { kind, itemKind } : { kind });
