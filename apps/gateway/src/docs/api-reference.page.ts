/**
 * The /docs page: the three OpenAPI documents the gateway serves, rendered by Scalar's API
 * reference (its standalone bundle, served from /docs/assets), with its document selector.
 * Every option that would reach another host is off: default fonts (a font CDN), telemetry, the
 * request proxy, the hosted client button, the MCP and agent links.
 */
export const API_DOCUMENTS = [
  { title: 'REST API (/v1)', slug: 'rest', url: '/v1/openapi.json' },
  { title: 'Expert and console API (/expert/v1)', slug: 'expert', url: '/expert/v1/openapi.json' },
  { title: 'Admin API (/admin/v1)', slug: 'admin', url: '/admin/v1/openapi.json' },
] as const;

const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The script that mounts the reference: a file of its own, since the CSP runs no inline script. */
export function apiReferenceScript(): string {
  // Given at the top and again on each source: a source's own configuration is what applies to it.
  const offline = {
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    mcp: { disabled: true },
    agent: { disabled: true },
    documentDownloadType: 'json',
    // Every operation listed in the sidebar from the start: the reference is read by scanning.
    defaultOpenAllTags: true,
  };
  const configuration = {
    ...offline,
    sources: API_DOCUMENTS.map((document, index) => ({ ...document, default: index === 0, ...offline })),
    metaData: { title: 'API reference · Expert Handoff Service' },
  };
  return `'use strict';\nwindow.Scalar.createApiReference('#reference', ${JSON.stringify(configuration, null, 2)});\n`;
}

/** System fonts only: the page fetches no font. */
export const DOCS_STYLE = `
:root { --scalar-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; --scalar-font-code: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
body { margin: 0; font-family: var(--scalar-font); }
.docs-bar { display: flex; gap: 1.25rem; align-items: center; padding: 0.6rem 1.25rem; border-bottom: 1px solid #d8dde3; background: #f6f8fa; font-size: 0.95rem; }
.docs-bar strong { margin-right: auto; }
.docs-bar a { color: #0b57d0; text-decoration: none; }
.docs-bar a[aria-current="page"] { font-weight: 600; text-decoration: underline; }
.quickstart { max-width: 52rem; margin: 2rem auto; padding: 0 1.25rem 4rem; line-height: 1.55; color: #1f2328; }
.quickstart pre { background: #f6f8fa; border: 1px solid #d8dde3; border-radius: 6px; padding: 0.8rem 1rem; overflow-x: auto; font-family: var(--scalar-font-code); font-size: 0.88rem; }
.quickstart code { font-family: var(--scalar-font-code); }
`;

export function docsPage(input: { title: string; current: 'reference' | 'quickstart'; body: string; scripts?: readonly string[] }): string {
  const link = (href: string, label: string, current: boolean): string => `<a href="${href}"${current ? ' aria-current="page"' : ''}>${label}</a>`;
  const scripts = (input.scripts ?? []).map((src) => `<script src="${escapeHtml(src)}"></script>`).join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(input.title)} · Expert Handoff Service</title><link rel="stylesheet" href="/docs/assets/docs.css"></head><body>` +
    `<nav class="docs-bar" aria-label="Documentation"><strong>Expert Handoff Service</strong>` +
    link('/docs/quickstart', 'Quick start', input.current === 'quickstart') +
    link('/docs', 'API reference', input.current === 'reference') +
    link('/docs/errors', 'Error codes', false) +
    `</nav>${input.body}${scripts}</body></html>`
  );
}

export const apiReferencePage = (): string =>
  docsPage({
    title: 'API reference',
    current: 'reference',
    body: '<div id="reference"></div>',
    scripts: ['/docs/assets/api-reference.js', '/docs/assets/mount.js'],
  });
