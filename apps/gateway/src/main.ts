import { loadConfig } from '@eh/platform';
import { createGatewayApp } from './gateway.app';
import { keepServingOnStrayErrors } from './stray-errors';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createGatewayApp(config);
  await app.listen(config.gatewayPort, config.gatewayHost);
  keepServingOnStrayErrors();
  process.stdout.write(`gateway listening on http://${config.gatewayHost}:${config.gatewayPort}\n`);
}

main().catch((error: unknown) => {
  console.error('gateway failed to start', error);
  process.exit(1);
});
