import { applyDecorators, Controller, UseGuards } from '@nestjs/common';
import { AdminGuard } from './admin.guard';
import { ApiKeyGuard } from './api-key.guard';
import { ExpertGuard } from './expert.guard';
import { MemberGuard } from './member.guard';

/*
 * Each audience of the gateway proves who it is with its own credential, so a controller's
 * audience and its guard are one choice: naming the audience puts the guard on every route.
 */

/** Routes for partners (`/v1`): a workspace API key, or a member's console session acting as one. */
export const PartnerController = (path: string): ClassDecorator => applyDecorators(Controller(path), UseGuards(ApiKeyGuard));

/** Routes for experts (`/expert/v1`): the expert's credential or console session. */
export const ExpertController = (path: string): ClassDecorator => applyDecorators(Controller(path), UseGuards(ExpertGuard));

/** Routes for operations (`/admin/v1`): the admin credential or an operator's console session. */
export const AdminController = (path: string): ClassDecorator => applyDecorators(Controller(path), UseGuards(AdminGuard));

/** The dashboard's own routes (`/console/api/v1`): a workspace member's console session. */
export const MemberController = (path: string): ClassDecorator => applyDecorators(Controller(path), UseGuards(MemberGuard));
