import 'reflect-metadata';
import { DomainError } from '@eh/contracts';
import { CancelDeploymentDto } from '../deployments/cancel-deployment.dto';
import { CreateDeploymentDto } from '../deployments/create-deployment.dto';
import { PublishDto } from '../deployments/expert-actions.dto';
import { OpenHandoffDto } from '../handoffs/open-handoff.dto';
import { PutMemoryEntryDto } from '../memory/put-memory-entry.dto';
import { OptionalValidatedBody } from './optional-validated-body.pipe';
import { ValidatedBody } from './validated-body.pipe';

const PROTOTYPE_NAMES = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', '__proto__', 'isPrototypeOf'];

/** The DomainError a transform throws, as `{code, param, message}`; null when it passes. */
function refusal(run: () => unknown): { code: string; param?: string; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, param: error.field, message: error.message };
  }
}

/** `base` plus one field, through JSON.parse as the body parser does, so even `__proto__` is an own key. */
function withField(base: object, name: string, value: unknown): Record<string, unknown> {
  const head = JSON.stringify(base).slice(0, -1);
  return JSON.parse(`${head}${head.length > 1 ? ',' : ''}${JSON.stringify(name)}:${JSON.stringify(value)}}`) as Record<string, unknown>;
}

describe('the validated body: unknown fields by own keys, values kept as parsed', () => {
  const create = new ValidatedBody(CreateDeploymentDto);
  const base = { brief: 'x', skills: ['copywriting'] };

  it.each(PROTOTYPE_NAMES)('refuses a top-level field named %s like any unknown field', (name) => {
    expect(refusal(() => create.transform(withField(base, name, 'x')))).toEqual({ code: 'invalid_request', param: name, message: `unknown field ${name}` });
    expect(refusal(() => new ValidatedBody(PutMemoryEntryDto).transform(withField({ kind: 'voice', body: 'b' }, name, 1)))?.param).toBe(name);
    expect(refusal(() => new OptionalValidatedBody(CancelDeploymentDto).transform(withField({}, name, true)))?.param).toBe(name);
  });

  it.each(PROTOTYPE_NAMES)('refuses %s inside a nested DTO (handoff context, publish attachments)', (name) => {
    const handoff = { surface: 's', outcome: 'copywriting', return: 'x.md', context: withField({ goal: 'g' }, name, 'x') };
    expect(refusal(() => new ValidatedBody(OpenHandoffDto).transform(handoff))?.param).toBe(`context.${name}`);
    const attachment = withField({ name: 'a', url: 'https://x.example/a', content_type: 'text/plain', size_bytes: 1 }, name, 1);
    const publish = { body: 'b', duration_seconds: 1, credits_charged: 0, attachments: [attachment] };
    expect(refusal(() => new ValidatedBody(PublishDto).transform(publish))?.param).toBe(`attachments[0].${name}`);
  });

  it('keeps metadata keys named like prototype members, with their values, exactly', () => {
    const metadata = { constructor: 'c', toString: 't', hasOwnProperty: 'h', valueOf: 1, __defineGetter__: true };
    const body = create.transform({ ...base, metadata });
    expect(JSON.stringify(body.metadata)).toBe(JSON.stringify(metadata));
    expect(Object.keys(body.metadata ?? {})).toEqual(Object.keys(metadata));
  });

  it('still names ordinary unknown and invalid fields, and builds nested DTO instances', () => {
    expect(refusal(() => create.transform({ ...base, webhookurl: 'x' }))?.param).toBe('webhookurl');
    expect(refusal(() => create.transform({ ...base, brief: 1 }))).toMatchObject({ param: 'brief', message: 'brief must be a string' });
    expect(
      refusal(() => new ValidatedBody(OpenHandoffDto).transform({ surface: 's', outcome: 'copywriting', return: 'x.md', context: { goal: 'g', foo: 1 } }))
        ?.param,
    ).toBe('context.foo');
    expect(refusal(() => new ValidatedBody(PublishDto).transform({ body: 'b', duration_seconds: 1, credits_charged: 0, attachments: [1] }))?.param).toBe(
      'attachments[0]',
    );
    const handoff = new ValidatedBody(OpenHandoffDto).transform({ surface: 's', outcome: 'copywriting', return: 'x.md', context: { goal: 'g' } });
    expect(handoff).toBeInstanceOf(OpenHandoffDto);
    expect(handoff.context.constructor.name).toBe('HandoffContextDto');
  });
});
