import type { RefObject } from 'react';
import { applyMarkdown, type MarkdownAction } from './markdown-edits';

const BUTTONS: { action: MarkdownAction; label: string; glyph: string }[] = [
  { action: 'bold', label: 'Bold', glyph: 'B' },
  { action: 'italic', label: 'Italic', glyph: 'I' },
  { action: 'heading', label: 'Heading', glyph: 'H' },
  { action: 'list', label: 'Bulleted list', glyph: '• List' },
  { action: 'link', label: 'Link', glyph: 'Link' },
  { action: 'quote', label: 'Quote', glyph: '“ Quote' },
];

interface MarkdownToolbarProps {
  editor: RefObject<HTMLTextAreaElement | null>;
  onChange: (value: string) => void;
  controls: string;
}

/**
 * Markdown by button for the editor's selection. Plain buttons in a toolbar group: Tab reaches
 * each one and Enter or Space applies it; focus goes back to the text with the result selected.
 */
export function MarkdownToolbar({ editor, onChange, controls }: MarkdownToolbarProps) {
  const apply = (action: MarkdownAction) => {
    const textarea = editor.current;
    if (!textarea) return;
    const result = applyMarkdown(action, { value: textarea.value, start: textarea.selectionStart, end: textarea.selectionEnd });
    onChange(result.value);
    // After React has written the new value, put the selection where the edit says.
    requestAnimationFrame(() => {
      textarea.focus();
      textarea.setSelectionRange(result.start, result.end);
    });
  };
  return (
    <div className="md-toolbar" role="toolbar" aria-label="Formatting" aria-controls={controls}>
      {BUTTONS.map(({ action, label, glyph }) => (
        <button
          key={action}
          type="button"
          className={`md-toolbar__button md-toolbar__button--${action}`}
          aria-label={label}
          title={label}
          onClick={() => apply(action)}
        >
          <span aria-hidden="true">{glyph}</span>
        </button>
      ))}
    </div>
  );
}
