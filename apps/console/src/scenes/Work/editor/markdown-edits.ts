/**
 * The markdown toolbar's edits, as pure functions of the text and the selection: each returns the
 * new text and the selection to restore, so the expert can keep typing where they were.
 */
export type MarkdownAction = 'bold' | 'italic' | 'heading' | 'list' | 'link' | 'quote';

export interface TextEdit {
  value: string;
  start: number;
  end: number;
}

/** Words put in when nothing is selected, selected afterwards so typing replaces them. */
const PLACEHOLDER: Record<MarkdownAction, string> = {
  bold: 'bold text',
  italic: 'italic text',
  heading: 'Heading',
  list: 'item',
  link: 'link text',
  quote: 'quoted text',
};

const wrap = (edit: TextEdit, before: string, after: string, placeholder: string): TextEdit => {
  const selected = edit.value.slice(edit.start, edit.end) || placeholder;
  const value = edit.value.slice(0, edit.start) + before + selected + after + edit.value.slice(edit.end);
  const start = edit.start + before.length;
  return { value, start, end: start + selected.length };
};

/** Puts `prefix` before every line the selection touches (a heading, list or quote acts on whole lines). */
const prefixLines = (edit: TextEdit, prefix: string, placeholder: string): TextEdit => {
  const lineStart = edit.value.lastIndexOf('\n', edit.start - 1) + 1;
  const selected = edit.value.slice(lineStart, edit.end);
  if (!selected.trim()) {
    const value = edit.value.slice(0, lineStart) + prefix + placeholder + edit.value.slice(edit.end);
    return { value, start: lineStart + prefix.length, end: lineStart + prefix.length + placeholder.length };
  }
  const prefixed = selected
    .split('\n')
    .map((line) => (line.startsWith(prefix) ? line : prefix + line))
    .join('\n');
  const value = edit.value.slice(0, lineStart) + prefixed + edit.value.slice(edit.end);
  return { value, start: lineStart, end: lineStart + prefixed.length };
};

export function applyMarkdown(action: MarkdownAction, edit: TextEdit): TextEdit {
  switch (action) {
    case 'bold':
      return wrap(edit, '**', '**', PLACEHOLDER.bold);
    case 'italic':
      return wrap(edit, '_', '_', PLACEHOLDER.italic);
    case 'link': {
      // The URL is what is left to type: select it.
      const linked = wrap(edit, '[', '](https://)', PLACEHOLDER.link);
      const urlStart = linked.end + 2;
      return { value: linked.value, start: urlStart, end: urlStart + 'https://'.length };
    }
    case 'heading':
      return prefixLines(edit, '## ', PLACEHOLDER.heading);
    case 'list':
      return prefixLines(edit, '- ', PLACEHOLDER.list);
    case 'quote':
      return prefixLines(edit, '> ', PLACEHOLDER.quote);
  }
}

/** Words as a reader counts them: runs of letters or digits, markdown's symbols left out. */
export function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}
