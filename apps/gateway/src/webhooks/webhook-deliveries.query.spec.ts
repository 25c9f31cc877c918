import { parsePartnerDeliveriesQuery } from './webhook-deliveries.query';

const fieldOf = (query: Record<string, unknown>): string | undefined => {
  try {
    parsePartnerDeliveriesQuery(query);
    return undefined;
  } catch (error) {
    return (error as { field?: string }).field;
  }
};

describe('GET /v1/webhook_deliveries query', () => {
  it('reads every filter, normalises times, defaults the limit', () => {
    const parsed = parsePartnerDeliveriesQuery({
      status: 'dead_lettered',
      event_type: 'deployment.completed',
      created_after: '2030-01-01T00:00:00+01:00',
      limit: '5',
    });
    expect(parsed.filter).toEqual({ status: 'dead_lettered', event_type: 'deployment.completed', created_after: '2029-12-31T23:00:00.000Z' });
    expect(parsed.limit).toBe(5);
    expect(parsePartnerDeliveriesQuery({}).limit).toBe(20);
  });

  it('binds the cursor to the filters, whatever their order', () => {
    expect(parsePartnerDeliveriesQuery({ status: 'failed', event_type: 'deployment.accepted' }).filtersHash).toBe(
      parsePartnerDeliveriesQuery({ event_type: 'deployment.accepted', status: 'failed' }).filtersHash,
    );
    expect(parsePartnerDeliveriesQuery({ status: 'failed' }).filtersHash).not.toBe(parsePartnerDeliveriesQuery({ status: 'succeeded' }).filtersHash);
  });

  it.each([
    [{ workspace_id: 'ws_1' }, 'workspace_id'],
    [{ status: 'lost' }, 'status'],
    [{ status: ['failed', 'succeeded'] }, 'status'],
    [{ event_type: 'deployment.created' }, 'event_type'],
    [{ created_before: 'yesterday' }, 'created_before'],
    [{ limit: '0' }, 'limit'],
    [{ deployment_id: '' }, 'deployment_id'],
  ])('refuses %j naming %s', (query, field) => {
    expect(fieldOf(query)).toBe(field);
  });
});
