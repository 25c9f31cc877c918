import { AVAILABILITIES } from '@eh/contracts';
import type { AdminOperationDoc } from '../docs/openapi/admin/admin-operations';
import { cursor, limit, q, ref } from '../docs/openapi/parts/admin.parts';

export const listOperation: AdminOperationDoc = {
  response: ref('AdminRosterList'),
  query: [
    limit(100),
    cursor,
    q('status', 'Only active or only retired experts (default: both).', { type: 'string', enum: ['active', 'retired'] }),
    q('availability', 'Only experts with this availability.', { type: 'string', enum: [...AVAILABILITIES] }),
    q('skill', 'Only experts covering this skill tag.', { type: 'string' }),
  ],
};

export const registerOperation: AdminOperationDoc = { response: ref('RegisteredExpert'), requestBody: ref('ExpertProfileInput') };

export const showOperation: AdminOperationDoc = { response: ref('AdminExpertEntry') };

export const updateOperation: AdminOperationDoc = { response: ref('RosterEntry'), requestBody: ref('ExpertProfileChanges') };

export const availabilityOperation: AdminOperationDoc = { response: ref('RosterEntry'), requestBody: ref('AvailabilityChange') };

export const retireOperation: AdminOperationDoc = { response: ref('RetiredExpert') };
