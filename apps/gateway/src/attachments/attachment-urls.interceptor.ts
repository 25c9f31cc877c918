import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { AttachmentUrls } from '@eh/attachments';
import { map, type Observable } from 'rxjs';
import { ATTACHMENT_URLS } from './attachments.tokens';

/**
 * Every answer that shows an output (the agent's deployment and list, handoffs, the expert's
 * views, whatever comes later) shows uploaded files by a URL signed for this reading.
 * One interceptor instead of a call in each controller, so no route can forget it; registered
 * innermost, it sees the handler's latest shape before any version transform.
 */
@Injectable()
export class AttachmentUrlsInterceptor implements NestInterceptor {
  constructor(@Inject(ATTACHMENT_URLS) private readonly urls: AttachmentUrls) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    return next.handle().pipe(map((payload: unknown) => this.urls.present(payload, new Date())));
  }
}
