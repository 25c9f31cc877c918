import { useDeferredValue, useMemo } from 'react';
import { renderMarkdown } from './render-markdown';

interface MarkdownPreviewProps {
  source: string;
  /** Names the region for screen readers, e.g. "Preview of your output". */
  label: string;
  empty?: string;
}

/** Rendered, sanitised markdown; typing stays smooth because the preview may lag a keystroke. */
export default function MarkdownPreview({ source, label, empty = 'Nothing to preview yet.' }: MarkdownPreviewProps) {
  const deferred = useDeferredValue(source);
  const html = useMemo(() => renderMarkdown(deferred), [deferred]);
  return (
    <section className="markdown-preview" aria-label={label}>
      {deferred.trim() ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown keeps raw HTML as text and DOMPurify sanitises what it writes
        <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="muted">{empty}</p>
      )}
    </section>
  );
}
