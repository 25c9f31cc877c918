import { DomainError } from '@eh/contracts';
import { checkAttachmentSize, checkDeploymentRoom, parseAttachmentContentType, parseAttachmentName } from './upload.rules';

const refusal = (run: () => unknown): { code: string; field?: string } | 'ok' => {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field };
    throw error;
  }
};

describe('upload rules', () => {
  it('takes a plain file name, trimmed, up to 255 characters', () => {
    expect(parseAttachmentName(' hero copy v2.md ')).toBe('hero copy v2.md');
    expect(parseAttachmentName('résumé 📎.pdf')).toBe('résumé 📎.pdf');
    expect(parseAttachmentName('x'.repeat(255))).toHaveLength(255);
  });

  it.each([[undefined], [''], ['  '], ['../etc/passwd'], ['a/b.txt'], ['a\\b.txt'], ['line\nbreak'], ['..'], ['x'.repeat(256)], [['a', 'b']]])(
    'refuses the name %j, naming filename',
    (name) => {
      expect(refusal(() => parseAttachmentName(name))).toEqual({ code: 'invalid_request', field: 'filename' });
    },
  );

  it('takes a media type, lowercased, with parameters; none is application/octet-stream', () => {
    expect(parseAttachmentContentType('image/PNG')).toBe('image/png');
    expect(parseAttachmentContentType('text/plain; charset=utf-8')).toBe('text/plain; charset=utf-8');
    expect(parseAttachmentContentType('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toMatch(/^application\/vnd/);
    expect(parseAttachmentContentType(undefined)).toBe('application/octet-stream');
  });

  it.each([['png'], ['image/'], ['image/png\r\nX-Evil: 1'], ['text/html; charset'], [`a/${'b'.repeat(300)}`]])(
    'refuses the type %j, naming Content-Type',
    (type) => {
      expect(refusal(() => parseAttachmentContentType(type))).toEqual({ code: 'invalid_request', field: 'Content-Type' });
    },
  );

  it('refuses empty files and files over the limit', () => {
    expect(refusal(() => checkAttachmentSize(1, 10))).toBe('ok');
    expect(refusal(() => checkAttachmentSize(10, 10))).toBe('ok');
    expect(refusal(() => checkAttachmentSize(0, 10))).toEqual({ code: 'invalid_request', field: 'body' });
    expect(refusal(() => checkAttachmentSize(11, 10))).toEqual({ code: 'invalid_request', field: 'body' });
  });

  it('bounds one expert’s uploads for one deployment in files and in bytes together', () => {
    const limits = { maxFiles: 3, maxBytes: 100 };
    expect(refusal(() => checkDeploymentRoom({ files: 2, bytes: 60 }, 40, limits))).toBe('ok');
    expect(refusal(() => checkDeploymentRoom({ files: 2, bytes: 60 }, 41, limits))).toEqual({ code: 'invalid_request', field: 'body' });
    expect(refusal(() => checkDeploymentRoom({ files: 3, bytes: 10 }, 1, limits))).toEqual({ code: 'invalid_request', field: 'deployment_id' });
  });
});
