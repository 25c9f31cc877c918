/** A minimal client of the expert API (`/expert/v1`), authenticated with the expert's credential. */
export class ExpertApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`the expert API answered ${status}`);
    this.name = 'ExpertApiError';
  }
}

export class ExpertApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly credential: string,
  ) {}

  async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.credential}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl.replace(/\/$/, '')}/expert/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (!response.ok) throw new ExpertApiError(response.status, parsed);
    return parsed;
  }
}
