import { deploymentModeQualifier, TEST_MODE_SUBJECT_TOKEN } from './deployment-subjects';

describe('deploymentModeQualifier', () => {
  it('qualifies a deployment created in test mode, and nothing else', () => {
    expect(deploymentModeQualifier.category).toBe('deployment');
    expect(deploymentModeQualifier.qualify({ type: 'deployment.created', data: { mode: 'test' } })).toBe(TEST_MODE_SUBJECT_TOKEN);
    expect(deploymentModeQualifier.qualify({ type: 'deployment.created', data: { mode: 'live' } })).toBeUndefined();
    expect(deploymentModeQualifier.qualify({ type: 'deployment.completed', data: { mode: 'test' } })).toBeUndefined();
  });
});
