/**
 * Readers never see how an uploaded file is stored: in events an attachment from the
 * blob store carries `attachment_id` and an unsigned path; everything shown (the agent's GET, lists,
 * handoffs, the expert's view, webhook bodies) has `{name, url, content_type, size_bytes}` with `url`
 * signed for that reading. Attachments given as URLs by the expert pass through unchanged.
 */
export type AttachmentUrlFor = (attachmentId: string) => string;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

function presentItem(item: unknown, urlFor: AttachmentUrlFor): unknown {
  if (!isPlainObject(item) || typeof item.attachment_id !== 'string') return item;
  return { name: item.name, url: urlFor(item.attachment_id), content_type: item.content_type, size_bytes: item.size_bytes };
}

/** A copy of `value` in which every `attachments` list has its stored files shown by signed URL. */
export function presentStoredAttachments<T>(value: T, urlFor: AttachmentUrlFor): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isPlainObject(node)) return node;
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      copy[key] = key === 'attachments' && Array.isArray(child) ? child.map((item) => presentItem(item, urlFor)) : walk(child);
    }
    return copy;
  };
  return walk(value) as T;
}

/** Whether `value` holds any stored file, so callers skip the copy for the many answers without one. */
export function hasStoredAttachments(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasStoredAttachments);
  if (!isPlainObject(value)) return false;
  // `for…in`, not Object.entries: it runs on every webhook body and API answer, and the
  // entries' arrays were 1.7 % of the webhooks service's CPU. A plain object inherits no enumerable key.
  for (const key in value) {
    const child = value[key];
    if (key === 'attachments' && Array.isArray(child) && child.some((item) => isPlainObject(item) && typeof item.attachment_id === 'string')) return true;
    if (typeof child === 'object' && child !== null && hasStoredAttachments(child)) return true;
  }
  return false;
}
