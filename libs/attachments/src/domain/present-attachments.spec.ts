import { hasStoredAttachments, presentStoredAttachments } from './present-attachments';

const stored = { name: 'hero.png', url: '/v1/attachments/att_1/content', content_type: 'image/png', size_bytes: 5, attachment_id: 'att_1' };
const linked = { name: 'brief.pdf', url: 'https://files.example.com/brief.pdf', content_type: 'application/pdf', size_bytes: 9 };
const urlFor = (id: string) => `https://api.example.test/v1/attachments/${id}/content?expires=1&signature=x`;

describe('presentStoredAttachments', () => {
  it('shows stored files by signed URL, without attachment_id; linked files unchanged', () => {
    const deployment = { id: 'dep_1', output: { format: 'markdown', body: '# x', attachments: [stored, linked] } };
    expect(presentStoredAttachments(deployment, urlFor)).toEqual({
      id: 'dep_1',
      output: { format: 'markdown', body: '# x', attachments: [{ name: 'hero.png', url: urlFor('att_1'), content_type: 'image/png', size_bytes: 5 }, linked] },
    });
  });

  it('reaches every depth: a list envelope, a handoff, a webhook body', () => {
    const list = { object: 'list', data: [{ output: { attachments: [stored] } }, { output: null }] };
    expect(presentStoredAttachments(list, urlFor).data[0].output?.attachments[0]).toEqual({
      name: 'hero.png',
      url: urlFor('att_1'),
      content_type: 'image/png',
      size_bytes: 5,
    });
    const webhook = { id: 'evt_1', data: { object: { output: { attachments: [stored] } } } };
    expect(JSON.stringify(presentStoredAttachments(webhook, urlFor))).not.toContain('attachment_id');
  });

  it('does not change the input, and leaves other values alone', () => {
    const deployment = { output: { attachments: [stored] }, when: new Date(0), tags: ['a'] };
    const shown = presentStoredAttachments(deployment, urlFor);
    expect(deployment.output.attachments[0]).toBe(stored);
    expect(shown.when).toBe(deployment.when);
    expect(presentStoredAttachments(null, urlFor)).toBeNull();
    expect(presentStoredAttachments('text', urlFor)).toBe('text');
  });

  it('tells whether there is anything to present', () => {
    expect(hasStoredAttachments({ data: [{ output: { attachments: [linked] } }] })).toBe(false);
    expect(hasStoredAttachments({ data: [{ output: { attachments: [linked, stored] } }] })).toBe(true);
    expect(hasStoredAttachments({ attachments: [{ id: 'att_1', name: 'draft file' }] })).toBe(false);
  });
});
