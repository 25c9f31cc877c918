import http from 'node:http';

/**
 * A lean keep-alive JSON client for load: node:http with a socket pool, lighter on the load
 * generator's CPU than fetch, so the generator steals less of the 2 cores from what is measured.
 */
export class HttpLoadClient {
  private readonly agent: http.Agent;
  private readonly url: URL;

  /** `localAddress`: the loopback address requests leave from, so a server sees another client. */
  constructor(baseUrl: string, options: { localAddress?: string } = {}) {
    this.url = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 256, localAddress: options.localAddress });
  }

  request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: T }> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise((resolve, reject) => {
      const outgoing = http.request({ agent: this.agent, hostname: this.url.hostname, port: this.url.port, method, path, headers }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          try {
            resolve({ status: incoming.statusCode ?? 0, body: (text ? JSON.parse(text) : null) as T });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        incoming.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
