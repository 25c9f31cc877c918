import { Controller, Get, Header, Param } from '@nestjs/common';
import { DomainError, ERROR_CODES, type ErrorCode } from '@eh/contracts';
import { ERROR_CATALOG } from '../http/error-catalog';

const escapeHtml = (text: string): string => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The page every error's `docs_url` points at: one per code, served by the service itself. */
@Controller('docs/errors')
export class ErrorDocsController {
  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  index(): string {
    const rows = ERROR_CODES.map((code) => `<li><a href="/docs/errors/${code}"><code>${code}</code></a>: HTTP ${ERROR_CATALOG[code].status}</li>`);
    return page('Error codes', `<ul>${rows.join('')}</ul>`);
  }

  @Get(':code')
  @Header('Content-Type', 'text/html; charset=utf-8')
  one(@Param('code') code: string): string {
    if (!(ERROR_CODES as readonly string[]).includes(code)) throw new DomainError('not_found', `no error code ${code}`);
    const entry = ERROR_CATALOG[code as ErrorCode];
    return page(
      code,
      `<p>HTTP <strong>${entry.status}</strong>, type <code>${entry.type}</code></p><p>${escapeHtml(entry.description)}</p>` +
        '<p>Every error body has the shape <code>{"error": {"type", "code", "message", "request_id", "docs_url"}}</code>; quote <code>request_id</code> when reporting a problem.</p>',
    );
  }
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Expert Handoff Service</title></head><body><h1><code>${escapeHtml(title)}</code></h1>${body}<p><a href="/docs/errors">All error codes</a></p></body></html>`;
}
