import { Body, Get, HttpCode, Inject, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { DomainError, isId } from '@eh/contracts';
import {
  findExpert,
  listAdminRoster,
  parseAvailability,
  parseExpertProfile,
  parseProfileChanges,
  registerExpert,
  retireExpert,
  setExpertAvailability,
  updateExpert,
  type AdminExpertEntry,
  type AdminRosterEntry,
  type RegisteredExpert,
  type RosterEntry,
} from '@eh/routing';
import type { FastifyRequest } from 'fastify';
import type { ListEnvelope } from '../http/list-envelope';
import { encodePositionCursor } from '../http/list-query.rules';
import { GatewayPorts } from '../http/gateway-ports';
import { parseAdminRosterQuery } from './admin-experts.query';
import { AdminOperation } from '../docs/openapi/operation.decorators';
import { availabilityOperation, listOperation, registerOperation, retireOperation, showOperation, updateOperation } from './admin-experts.openapi';
import { AdminController } from '../http/guards/audience-controllers';
import { ActionRoute } from '../http/action-route';

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new DomainError('invalid_request', 'the request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** Operations' API for the roster: add, change, set availability, retire; list it. */
@AdminController('admin/v1/experts')
export class AdminExpertsController {
  constructor(@Inject(GatewayPorts) private readonly ports: GatewayPorts) {}

  /** 201 with the roster entry and the expert's credential, shown this once. */
  @AdminOperation(registerOperation)
  @Post()
  @HttpCode(201)
  register(@Body() body: unknown, @Req() request: FastifyRequest): Promise<RegisteredExpert> {
    const input = objectBody(body);
    const profile = parseExpertProfile(input);
    const availability = input.availability === undefined ? undefined : parseAvailability(input.availability);
    return registerExpert(this.ports.store, { profile, availability }, new Date(), String(request.id));
  }

  /** The roster page lists every expert, active first, by name. */
  @AdminOperation(listOperation)
  @Get()
  async list(@Query() query: Record<string, unknown>): Promise<ListEnvelope<AdminRosterEntry>> {
    const page = parseAdminRosterQuery(query);
    // One more than asked tells whether another page exists without a count.
    const rows = await listAdminRoster(this.ports.sql, { ...page, limit: page.limit + 1 }, new Date());
    const data = rows.slice(0, page.limit);
    const hasMore = rows.length > page.limit;
    return { object: 'list', data, next: hasMore ? encodePositionCursor(data[data.length - 1].id) : null, has_more: hasMore };
  }

  @AdminOperation(showOperation)
  @Get(':id')
  async show(@Param('id') id: string): Promise<AdminExpertEntry> {
    const expert = isId('expert', id) ? await findExpert(this.ports.sql, id) : null;
    if (!expert) throw new DomainError('not_found', `no expert ${id}`, 'id');
    return expert;
  }

  @AdminOperation(updateOperation)
  @Patch(':id')
  async update(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest): Promise<RosterEntry> {
    await this.show(id);
    const updated = await updateExpert(this.ports.store, id, parseProfileChanges(objectBody(body)), new Date(), String(request.id));
    // A new name or role is what this gateway attaches to the expert's next request.
    this.ports.expertCredentials.forgetAll();
    return updated;
  }

  @ActionRoute(AdminOperation(availabilityOperation), ':id/availability')
  async availability(@Param('id') id: string, @Body() body: unknown, @Req() request: FastifyRequest): Promise<RosterEntry> {
    await this.show(id);
    const input = objectBody(body);
    // Unknown fields are refused here too, as on every body (docs/decisions.md).
    const unknown = Object.keys(input).find((key) => key !== 'availability');
    if (unknown !== undefined) throw new DomainError('invalid_request', `${unknown} is not a field of an availability change`, unknown);
    return setExpertAvailability(this.ports.store, id, parseAvailability(input.availability), new Date(), String(request.id));
  }

  @ActionRoute(AdminOperation(retireOperation), ':id/retire')
  async retire(@Param('id') id: string, @Req() request: FastifyRequest): Promise<{ id: string; retired: true }> {
    await this.show(id);
    const retired = await retireExpert(this.ports.store, id, new Date(), String(request.id));
    // Refused here from the next request on; other gateways within AUTH_CACHE_MS.
    this.ports.expertCredentials.forgetAll();
    return retired;
  }
}
