import { request } from '../../support/http';

/** `POST /v1/deployments` with this key and body, expected to be created (201); the new deployment's id. */
export async function createDeployment(baseUrl: string, key: string, body: Record<string, unknown>): Promise<string> {
  const created = await request<{ id: string }>(baseUrl, 'POST', '/v1/deployments', { key, body });
  expect(created.status).toBe(201);
  return created.body.id;
}
