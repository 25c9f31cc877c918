import { loadConfig } from '@eh/platform';
import { openDatabase } from '@eh/runtime';
import { createWorkspace } from '@eh/workspaces';

/**
 * `npm run demo`, with the services running (`npm start`): creates a workspace, hands off one
 * test-mode deployment over HTTP as a partner would, and polls it until it is completed.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config, 2);
  const workspace = await createWorkspace(database.store, 'demo', new Date()).finally(() => database.close());
  const base = `http://${config.gatewayHost}:${config.gatewayPort}`;
  const headers = { authorization: `Bearer ${workspace.keys.test}`, 'content-type': 'application/json' };
  process.stdout.write(`workspace ${workspace.id}, test key ${workspace.keys.test}\n`);
  const created = await fetch(`${base}/v1/deployments`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ brief: 'Write a two-line welcome message for new customers of a bike shop. Keep it friendly.', skills: ['copywriting'] }),
  });
  const deployment = (await created.json()) as { id: string; status: string };
  process.stdout.write(`POST /v1/deployments → ${created.status} ${deployment.id} ${deployment.status}\n`);
  for (let attempt = 0; attempt < 30; attempt++) {
    const current = (await (await fetch(`${base}/v1/deployments/${deployment.id}`, { headers })).json()) as { status: string };
    process.stdout.write(`GET  /v1/deployments/${deployment.id} → ${current.status}\n`);
    if (current.status === 'completed') {
      process.stdout.write(`${JSON.stringify(current, null, 2)}\n`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('the deployment did not complete within 30 s: are the services running (npm start)?');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
