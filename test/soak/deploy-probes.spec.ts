/**
 * The k8s manifests probe what the local cluster waits on: every service has a
 * readiness probe on /health/ready and a liveness probe on /health/live, the gateway on its HTTP
 * port and the others on HEALTH_PORT, which config.yaml sets and each manifest exposes.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), 'utf8');

describe('deploy/k8s probes', () => {
  const config = read('deploy/k8s/config.yaml');
  const healthPort = /HEALTH_PORT: "(\d+)"/.exec(config)?.[1];

  it('sets HEALTH_PORT on the pod address for the services without an HTTP API', () => {
    expect(healthPort).toMatch(/^\d+$/);
    expect(config).toMatch(/HEALTH_HOST: 0\.0\.0\.0/);
  });

  it.each(['relay', 'router', 'ledger', 'webhooks'])('%s exposes HEALTH_PORT and probes ready and live there', (service) => {
    const manifest = read(`deploy/k8s/${service}.yaml`);
    expect(manifest).toContain(`{ name: health, containerPort: ${healthPort} }`);
    expect(manifest).toMatch(/readinessProbe:\s+httpGet: \{ path: \/health\/ready, port: health \}/);
    expect(manifest).toMatch(/livenessProbe:\s+httpGet: \{ path: \/health\/live, port: health \}/);
  });

  it('the gateway probes the same paths on its HTTP port', () => {
    const manifest = read('deploy/k8s/gateway.yaml');
    expect(manifest).toMatch(/readinessProbe:\s+httpGet: \{ path: \/health\/ready, port: http \}/);
    expect(manifest).toMatch(/livenessProbe:\s+httpGet: \{ path: \/health\/live, port: http \}/);
  });

  it.each(['gateway', 'relay', 'router', 'ledger', 'webhooks'])(
    '%s is scraped for /metrics on HEALTH_PORT (the same listener the local cluster uses)',
    (service) => {
      const manifest = read(`deploy/k8s/${service}.yaml`);
      expect(manifest).toContain(`{ name: health, containerPort: ${healthPort} }`);
      expect(manifest).toMatch(/annotations:\s+prometheus\.io\/scrape: "true"\s+prometheus\.io\/port: "(\d+)"\s+prometheus\.io\/path: \/metrics/);
      expect(/prometheus\.io\/port: "(\d+)"/.exec(manifest)?.[1]).toBe(healthPort);
    },
  );

  it('the local cluster waits on the same readiness path for every service, and runs the events stream on three replicas as k8s does', () => {
    const script = read('deploy/local/cluster.sh');
    for (const service of ['gateway', 'relay', 'router', 'ledger', 'webhooks']) expect(script).toMatch(new RegExp(`${service}-\\*\\) .*/health/ready"`));
    expect(script).toContain('NATS_STREAM_REPLICAS=3');
    expect(config).toContain('NATS_STREAM_REPLICAS: "3"');
  });
});
