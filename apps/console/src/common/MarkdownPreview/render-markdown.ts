/**
 * Markdown to safe HTML: markdown-it with raw HTML off (so `<script>` stays text), then DOMPurify
 * over the result as a second line of defence (a `javascript:` link or an attribute a renderer
 * plugin might let through). Links open in a new tab without handing over the console.
 */
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

/** Rendered markdown sits under the page's h1 and a section's h2: its `#` is an h3, and so on down. */
const HEADING_OFFSET = 2;
markdown.core.ruler.push('shift_headings', (state) => {
  for (const token of state.tokens) {
    if (token.type === 'heading_open' || token.type === 'heading_close') token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + HEADING_OFFSET)}`;
  }
});

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

export function renderMarkdown(source: string): string {
  return DOMPurify.sanitize(markdown.render(source), { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] });
}
