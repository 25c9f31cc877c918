import { processRunning, SERVICE_LAYOUTS, serviceLayoutFromEnv } from './service-layout';

describe('processRunning', () => {
  it('is the workers process for the four services behind the gateway when combined, and the service itself otherwise', () => {
    expect(['relay', 'router', 'webhooks', 'ledger', 'gateway', 'router-2'].map((name) => processRunning('combined', name))).toEqual([
      'workers',
      'workers',
      'workers',
      'workers',
      'gateway',
      'router-2',
    ]);
    expect(SERVICE_LAYOUTS.separate.map((name) => processRunning('separate', name))).toEqual(SERVICE_LAYOUTS.separate);
  });
});

describe('serviceLayoutFromEnv', () => {
  it('runs the gateway and one workers process when SERVICE_LAYOUT is unset or blank', () => {
    expect(serviceLayoutFromEnv({})).toBe('combined');
    expect(serviceLayoutFromEnv({ SERVICE_LAYOUT: ' ' })).toBe('combined');
    expect(SERVICE_LAYOUTS.combined).toEqual(['workers', 'gateway']);
  });

  it('takes separate, a process per service', () => {
    expect(serviceLayoutFromEnv({ SERVICE_LAYOUT: 'separate' })).toBe('separate');
    expect(SERVICE_LAYOUTS.separate).toEqual(['relay', 'router', 'webhooks', 'ledger', 'gateway']);
  });

  it('refuses any other value, naming the setting and the values it may take', () => {
    expect(() => serviceLayoutFromEnv({ SERVICE_LAYOUT: 'toString' })).toThrow('SERVICE_LAYOUT must be one of combined, separate; got "toString"');
    expect(() => serviceLayoutFromEnv({ SERVICE_LAYOUT: 'Combined' })).toThrow(/got "Combined"/);
  });
});
