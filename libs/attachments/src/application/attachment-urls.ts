import { presentStoredAttachments, hasStoredAttachments } from '../domain/present-attachments';
import { signedAttachmentUrl } from '../domain/attachment-url';

export interface AttachmentUrlSettings {
  publicBaseUrl: string;
  /** Current secret first; a previous one verifies during a rotation. */
  secrets: readonly string[];
  /** How long a URL works from the moment it is shown (24 h). */
  ttlSeconds: number;
}

/** Signs stored attachments for whoever reads them now (the gateway's answers, webhook bodies). */
export class AttachmentUrls {
  constructor(readonly settings: AttachmentUrlSettings) {}

  urlFor(attachmentId: string, now: Date): string {
    const expires = Math.floor(now.getTime() / 1000) + this.settings.ttlSeconds;
    return signedAttachmentUrl({ publicBaseUrl: this.settings.publicBaseUrl, secrets: this.settings.secrets, attachmentId, expires });
  }

  present<T>(value: T, now: Date): T {
    return hasStoredAttachments(value) ? presentStoredAttachments(value, (id) => this.urlFor(id, now)) : value;
  }
}
