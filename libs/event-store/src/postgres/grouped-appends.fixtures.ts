/** The tallies read models and the store the grouped-appends tests share. */
import { newEvent, newStreamName } from '../testing/contract-fixtures';
import { postgresStorePerSuite, type PostgresStoreEnv } from '../testing/postgres-store-per-suite';
import { eventStoreMigrations } from './event-store.migrations';
import type { PostgresEventStore } from './postgres-event-store';
import { stateProjection } from './inline-projection';

export interface TallyState {
  stream: string;
  count: number;
}

export const tallyFold = {
  initialState: { stream: '', count: 0 } as TallyState,
  evolve: (state: TallyState, event: { data: unknown }): TallyState => ({ stream: (event.data as { stream: string }).stream, count: state.count + 1 }),
};

/** A projection whose rows follow from the caller's fold: its writes go in the append's statement. */
export const talliesView = stateProjection({
  name: 'tallies_view',
  handles: ['tally.counted'],
  fold: tallyFold,
  writes: (state: TallyState, { revision }) => [
    {
      text: `INSERT INTO tallies_view (stream, count, revision) SELECT $1, $2::int, $3::bigint FROM appended
             ON CONFLICT (stream) DO UPDATE SET count = EXCLUDED.count, revision = EXCLUDED.revision`,
      values: [state.stream, state.count, revision],
    },
  ],
  async reset(tx) {
    await tx.query('TRUNCATE tallies_view');
  },
});

export const counted = (stream: string) => newEvent('tally.counted', { stream });

/** The same rows as talliesView, written for a group in one statement over all its appends' rows. */
export const rowTalliesView = stateProjection({
  name: 'row_tallies_view',
  handles: ['tally.rowed'],
  fold: tallyFold,
  writes: (state: TallyState, { revision }) => [
    {
      text: `INSERT INTO row_tallies_view (stream, count, revision, detail) SELECT $1, $2::int, $3::bigint, $4::json FROM appended
             ON CONFLICT (stream) DO UPDATE SET count = EXCLUDED.count, revision = EXCLUDED.revision, detail = EXCLUDED.detail`,
      values: [state.stream, state.count, revision, { stream: state.stream }],
      rows: {
        text: `INSERT INTO row_tallies_view (stream, count, revision, detail) SELECT stream, count, revision, detail FROM rows_appended
               ON CONFLICT (stream) DO UPDATE SET count = EXCLUDED.count, revision = EXCLUDED.revision, detail = EXCLUDED.detail`,
        columns: 'stream text, count int, revision bigint, detail json',
        row: { stream: state.stream, count: state.count, revision, detail: { stream: state.stream } },
      },
    },
  ],
  async reset(tx) {
    await tx.query('TRUNCATE row_tallies_view');
  },
});

export const rowed = (stream: string) => newEvent('tally.rowed', { stream });

/** For the suite: a fresh database with the tallies views, and a store writing them one statement at a time. */
export function tallyStorePerSuite(): PostgresStoreEnv {
  return postgresStorePerSuite(
    [
      ...eventStoreMigrations,
      { id: 'test/tallies-view', sql: 'CREATE TABLE tallies_view (stream text PRIMARY KEY, count int NOT NULL, revision bigint NOT NULL)' },
      {
        id: 'test/row-tallies-view',
        sql: 'CREATE TABLE row_tallies_view (stream text PRIMARY KEY, count int NOT NULL, revision bigint NOT NULL, detail json NOT NULL)',
      },
    ],
    { inlineProjections: [talliesView, rowTalliesView], appendStatementsInFlight: 1 },
  );
}

/** Runs `group` while a lone append is in flight, so the group's appends are asked together. */
export async function behindALoneAppend<T>(store: PostgresEventStore, group: () => Promise<T>[]): Promise<PromiseSettledResult<T>[]> {
  const lone = store.append(newStreamName(), [newEvent()], 'no_stream');
  const settled = await Promise.allSettled(group());
  await lone;
  return settled;
}
