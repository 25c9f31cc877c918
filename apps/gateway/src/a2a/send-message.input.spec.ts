import { DomainError } from '@eh/contracts';
import { Message } from '@a2a-js/sdk';
import { createBodyOf, replyBodyOf } from './send-message.input';

const message = (parts: unknown[]): Message => Message.fromJSON({ messageId: 'm-1', role: 'ROLE_USER', parts });
const refusal = (run: () => unknown): { field?: string; message: string } => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'invalid_request') return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('createBodyOf', () => {
  it('joins the text parts into the brief and takes the create options from the data part', () => {
    const body = createBodyOf(
      message([
        { text: 'Write a tagline.' },
        { text: 'Keep it short.' },
        { data: { skills: ['copywriting'], urgency: 'priority', output_schema: { type: 'object' }, metadata: { order: 'A-1' } } },
      ]),
    );
    expect(body).toMatchObject({
      brief: 'Write a tagline.\n\nKeep it short.',
      skills: ['copywriting'],
      urgency: 'priority',
      output_schema: { type: 'object' },
      metadata: { order: 'A-1' },
    });
  });

  it('URL parts are context files, beside those the data part lists', () => {
    const body = createBodyOf(
      message([
        { text: 'Review this.' },
        { url: 'https://files.test/a.pdf', filename: 'a.pdf' },
        { data: { skills: ['legal'], context_files: ['https://files.test/b.pdf'] } },
      ]),
    );
    expect(body.context_files).toEqual(['https://files.test/a.pdf', 'https://files.test/b.pdf']);
  });

  it.each([
    ['no data part: skills are missing', [{ text: 'Hi there.' }], 'message.parts[].data.skills'],
    ['a bad skill tag', [{ text: 'Hi.' }, { data: { skills: ['Not A Tag'] } }], 'message.parts[1].data.skills'],
    ['an unknown urgency', [{ text: 'Hi.' }, { data: { skills: ['copywriting'], urgency: 'asap' } }], 'message.parts[1].data.urgency'],
    ['an unknown option', [{ text: 'Hi.' }, { data: { skills: ['copywriting'], deadline: 'tomorrow' } }], 'message.parts[1].data.deadline'],
    ['no text: the brief is empty', [{ data: { skills: ['copywriting'] } }], 'message.parts[].text'],
    ['the brief inside the data part', [{ text: 'Hi.' }, { data: { skills: ['copywriting'], brief: 'x' } }], 'message.parts[1].data.brief'],
    ['two data parts', [{ text: 'Hi.' }, { data: { skills: ['copywriting'] } }, { data: {} }], 'message.parts[2].data'],
    ['a data part that is not an object', [{ text: 'Hi.' }, { data: ['copywriting'] }], 'message.parts[1].data'],
    ['inline file bytes', [{ text: 'Hi.' }, { raw: 'aGk=', filename: 'a.txt' }], 'message.parts[1].raw'],
    [
      'a context file over http',
      [{ text: 'Hi.' }, { url: 'http://files.test/a.pdf' }, { data: { skills: ['copywriting'] } }],
      'message.parts[2].data.context_files',
    ],
  ])('%s is refused, naming the field', (_, parts, field) => {
    const found = refusal(() => createBodyOf(message(parts)));
    expect(found.field).toBe(field);
    expect(found.message.length).toBeGreaterThan(0);
  });
});

describe('replyBodyOf', () => {
  it('the text is the reply, URL parts its context files', () => {
    expect(replyBodyOf(message([{ text: 'Parents first.' }, { url: 'https://files.test/brief.pdf' }]))).toMatchObject({
      body: 'Parents first.',
      context_files: ['https://files.test/brief.pdf'],
    });
  });

  it('refuses an empty reply and a data part, naming the field', () => {
    expect(refusal(() => replyBodyOf(message([{ url: 'https://files.test/a.pdf' }]))).field).toBe('message.parts[].text');
    expect(refusal(() => replyBodyOf(message([{ text: 'x' }, { data: { a: 1 } }]))).field).toBe('message.parts[1].data');
  });
});
