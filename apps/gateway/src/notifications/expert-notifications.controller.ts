import { Body, Delete, Get, Headers, HttpCode, Inject, Param, Patch, Post, Res } from '@nestjs/common';
import { DomainError, newId, type ExpertRef } from '@eh/contracts';
import {
  changeSettings,
  parsePushSubscription,
  parseSettingsChange,
  pushEndpointProblem,
  removeSubscription,
  saveSubscription,
  type NotificationConfig,
  type StoredSubscription,
} from '@eh/notifications';
import type { SqlClient } from '@eh/platform';
import type { FastifyReply } from 'fastify';
import { SQL } from '../http/tokens';
import { CurrentExpert } from '../http/guards/expert.guard';
import { notificationSettingsResource, type NotificationChannels, type NotificationSettingsResource } from './notification-settings.resource';
import { NOTIFICATION_CHANNELS, NOTIFICATION_CONFIG } from './notifications.tokens';
import { ExpertOperation } from '../docs/openapi/operation.decorators';
import {
  changeNotificationSettingsOperation,
  getNotificationSettingsOperation,
  subscribeToPushOperation,
  unsubscribeFromPushOperation,
} from './expert-notifications.openapi';
import { ExpertController } from '../http/guards/audience-controllers';

const PUSH_SUBSCRIPTION_ID = /^psub_[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * The expert's notification settings and their browsers' Web Push subscriptions (`/expert/v1`,
 * the expert's credential or the console session with X-CSRF-Token on changes). The webhooks
 * service reads them when it tells the expert of an offer, a reply or a cancellation.
 */
@ExpertController('expert/v1')
export class ExpertNotificationsController {
  constructor(
    @Inject(SQL) private readonly sql: SqlClient,
    @Inject(NOTIFICATION_CHANNELS) private readonly channels: NotificationChannels,
    @Inject(NOTIFICATION_CONFIG) private readonly config: NotificationConfig,
  ) {}

  @ExpertOperation(getNotificationSettingsOperation)
  @Get('notification-settings')
  settings(@CurrentExpert() expert: ExpertRef): Promise<NotificationSettingsResource> {
    return notificationSettingsResource(this.sql, expert.id, this.channels);
  }

  @ExpertOperation(changeNotificationSettingsOperation)
  @Patch('notification-settings')
  async change(@CurrentExpert() expert: ExpertRef, @Body() body: unknown): Promise<NotificationSettingsResource> {
    const stored = await changeSettings(this.sql, expert.id, parseSettingsChange(body), new Date());
    return notificationSettingsResource(this.sql, expert.id, this.channels, stored);
  }

  /** 201 with the new subscription; the same endpoint again answers the existing one with 200. */
  @ExpertOperation(subscribeToPushOperation)
  @Post('push-subscriptions')
  async subscribe(
    @CurrentExpert() expert: ExpertRef,
    @Body() body: unknown,
    @Headers('user-agent') userAgent: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StoredSubscription & { object: 'push_subscription' }> {
    const input = parsePushSubscription(body, (url) => pushEndpointProblem(this.config, url));
    const saved = await saveSubscription(this.sql, expert.id, input, userAgent ?? null, newId('pushSubscription'), new Date());
    reply.status(saved.created ? 201 : 200);
    return { object: 'push_subscription', ...saved.subscription };
  }

  @ExpertOperation(unsubscribeFromPushOperation)
  @Delete('push-subscriptions/:id')
  @HttpCode(204)
  async unsubscribe(@CurrentExpert() expert: ExpertRef, @Param('id') id: string): Promise<void> {
    const removed = PUSH_SUBSCRIPTION_ID.test(id) && (await removeSubscription(this.sql, expert.id, id, new Date()));
    if (!removed) throw new DomainError('not_found', `no push subscription ${id}`, 'id');
  }
}
