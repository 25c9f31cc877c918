import { loadConfig, renderMetrics, startServiceSignals } from '@eh/platform';
import { healthAddressFromEnv, startHealthListener } from '@eh/runtime';
import { createGatewayApp } from './gateway.app';
import { keepServingOnStrayErrors } from './http/stray-errors';

async function main(): Promise<void> {
  // JSON-lines logs, the metrics registry, tracing when OTEL_TRACES_EXPORTER asks for it.
  const signals = startServiceSignals('gateway');
  const config = loadConfig();
  // /metrics on the internal listener (HEALTH_PORT), never on the public API's port;
  // it also answers /health/live and /health/ready (ready once the API listens).
  let listening = false;
  const address = healthAddressFromEnv();
  const internal = address ? await startHealthListener(address.port, address.host, () => listening, renderMetrics) : undefined;
  const app = await createGatewayApp(config);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', async () => {
      listening = false;
      await internal?.close();
      await signals.stop();
    });
  await app.listen(config.gatewayPort, config.gatewayHost);
  listening = true;
  keepServingOnStrayErrors();
  signals.logger.info(`gateway listening on http://${config.gatewayHost}:${config.gatewayPort}`);
}

main().catch((error: unknown) => {
  console.error('gateway failed to start', error);
  process.exit(1);
});
