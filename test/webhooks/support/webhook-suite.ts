import { startServices, type RunningServices } from '../../support/service-harness';
import { undoOnFailure } from '../../support/undo-on-failure';
import { startWithWorkspace, type Workspace } from '../../support/workspace';
import { admin, ADMIN_KEY } from './webhook-admin';
import { WebhookReceiver } from './webhook-receiver';

/** What a webhook suite works with: a receiver on 127.0.0.1, the services, their admin API and a workspace. */
export interface WebhookSuite {
  receiver: WebhookReceiver;
  services: RunningServices;
  ops: ReturnType<typeof admin>;
  workspace: Workspace;
}

/** Starts a receiver and services allowed to deliver to it (`env` on top), and creates the named workspace. */
export async function startWebhookSuite(env: Record<string, string>, workspaceName: string): Promise<WebhookSuite> {
  const receiver = await WebhookReceiver.start();
  const { services, workspace } = await undoOnFailure(
    () => startWithWorkspace(startServices({ ADMIN_API_KEY: ADMIN_KEY, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', ...env }), workspaceName),
    () => receiver.close(),
  );
  return { receiver, services, ops: admin(services.baseUrl), workspace };
}

/** The services first, so nothing is sent to a receiver that has closed. */
export async function stopWebhookSuite(services: RunningServices | undefined, receiver: WebhookReceiver | undefined): Promise<void> {
  await services?.stop();
  await receiver?.close();
}
