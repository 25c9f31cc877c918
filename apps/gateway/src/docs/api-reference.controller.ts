import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { ServiceConfig } from '@eh/platform';
import { CONFIG } from '../http/tokens';
import { apiReferencePage, apiReferenceScript, DOCS_STYLE } from './api-reference.page';
import { DOCS_CONTENT_SECURITY_POLICY } from './docs-security-headers';
import { quickstartPage } from './quickstart.page';

/**
 * Scalar's standalone bundle, from the installed package: served by the gateway, never a CDN. The
 * package exports no path to it, so it is found beside a file it does export (its dist/style.css).
 */
const scalarBundlePath = (): string => path.join(path.dirname(require.resolve('@scalar/api-reference/style.css')), 'browser/standalone.js');
const HTML = 'text/html; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
/** The bundle changes only with the package (a deploy): an hour is short enough for the next one. */
const ASSET_CACHE = 'public, max-age=3600';

/**
 * `/docs`: the API reference of the gateway's three OpenAPI documents (public, expert and
 * console, admin) with a selector between them, and a quick start. Public pages, like the
 * documents they render: no key, nothing read from a session.
 */
@Controller('docs')
export class ApiReferenceController {
  private bundle: string | null = null;

  constructor(@Inject(CONFIG) private readonly config: Pick<ServiceConfig, 'publicBaseUrl'>) {}

  @Get()
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  @Header('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY)
  @Header('X-Frame-Options', 'DENY')
  @Header('Referrer-Policy', 'no-referrer')
  reference(): string {
    return apiReferencePage();
  }

  @Get('quickstart')
  @Header('Content-Type', HTML)
  @Header('Cache-Control', 'no-cache')
  @Header('Content-Security-Policy', DOCS_CONTENT_SECURITY_POLICY)
  @Header('X-Frame-Options', 'DENY')
  @Header('Referrer-Policy', 'no-referrer')
  quickstart(): string {
    return quickstartPage(this.config.publicBaseUrl);
  }

  @Get('assets/api-reference.js')
  @Header('Content-Type', JS)
  @Header('Cache-Control', ASSET_CACHE)
  @Header('X-Content-Type-Options', 'nosniff')
  scalar(): string {
    // Read on first use (4.8 MB), then kept.
    this.bundle ??= readFileSync(scalarBundlePath(), 'utf8');
    return this.bundle;
  }

  @Get('assets/mount.js')
  @Header('Content-Type', JS)
  @Header('Cache-Control', ASSET_CACHE)
  @Header('X-Content-Type-Options', 'nosniff')
  mount(): string {
    return apiReferenceScript();
  }

  @Get('assets/docs.css')
  @Header('Content-Type', 'text/css; charset=utf-8')
  @Header('Cache-Control', ASSET_CACHE)
  @Header('X-Content-Type-Options', 'nosniff')
  style(): string {
    return DOCS_STYLE;
  }
}
