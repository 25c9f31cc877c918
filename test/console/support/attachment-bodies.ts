import type { Deployment } from '../../routing/support/routing-e2e';

/** What the upload answers. */
export interface UploadedAttachment {
  object: 'attachment';
  id: string;
  name: string;
  content_type: string;
  size_bytes: number;
}

/** An attachment as a deployment's output shows it: by a signed URL. */
export interface ShownAttachment {
  name: string;
  url: string;
  content_type: string;
  size_bytes: number;
}

/** The attachments of a deployment's output, as the agent reads them; a deployment without an output fails the test here. */
export function shownAttachments(deployment: Pick<Deployment, 'output'>): ShownAttachment[] {
  if (!deployment.output) throw new Error('the deployment has no output yet');
  return deployment.output.attachments as ShownAttachment[];
}
