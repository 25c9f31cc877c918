import type { ExpertOperationDoc } from '../docs/openapi/expert/expert-operations';
import { componentRef } from '../docs/openapi/json-schema';
import { dateOrDateTimeQuery } from '../docs/openapi/query-parameters';

export const getEarningsOperation: ExpertOperationDoc = {
  operationId: 'getEarnings',
  tag: 'Work',
  summary: 'Finished work and credits earned',
  response: componentRef('Earnings'),
};

export const getEarningsByPeriodOperation: ExpertOperationDoc = {
  operationId: 'getEarningsByPeriod',
  tag: 'Work',
  summary: 'Credits earned per week or month',
  description:
    'Completed work grouped by the week (Monday first) or month it was completed in, in your time zone, newest first, with the total over all of it. A bad `period` or `time_zone` is 400 naming it.',
  response: componentRef('EarningsByPeriod'),
  query: [
    { name: 'period', in: 'query', required: false, schema: { type: 'string', enum: ['week', 'month'], default: 'month' } },
    {
      name: 'time_zone',
      in: 'query',
      required: false,
      description: 'An IANA time zone name, such as `Europe/Paris`.',
      schema: { type: 'string', default: 'UTC' },
    },
  ],
};

export const exportEarningsOperation: ExpertOperationDoc = {
  operationId: 'exportEarnings',
  tag: 'Work',
  summary: 'Export completed work as CSV',
  description:
    'Your completed work with `completed_at` in [`from`, `to`), oldest first, as `text/csv` (RFC 4180: a header row, CRLF, fields quoted when they hold a comma, quote or line break; text that a spreadsheet would run as a formula starts with an apostrophe). Columns: completed_at, deployment_id, skills (space-separated), credits_charged, duration_seconds, rating, brief. Both bounds are optional; each is a date (`YYYY-MM-DD`, its start in UTC) or a date and time with its offset. A malformed bound, or `from` not before `to`, is 400 naming it.',
  content: {
    'text/csv': {
      schema: {
        type: 'string',
        description: 'completed_at,deployment_id,skills,credits_charged,duration_seconds,rating,brief\r\n then one record per deployment.',
      },
    },
  },
  query: [dateOrDateTimeQuery('from', 'Inclusive.'), dateOrDateTimeQuery('to', 'Exclusive.')],
};
