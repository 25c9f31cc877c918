/** The active roster, as the router matches against it (filled from `expert-<spec_id>` streams). */
export const rosterViewMigrations = [
  {
    id: 'roster-view-001',
    sql: `
      CREATE TABLE IF NOT EXISTS experts_view (
        id text PRIMARY KEY,
        name text NOT NULL,
        role text NOT NULL,
        skills text[] NOT NULL,
        tenure_years integer NOT NULL,
        median_turnaround_minutes integer NOT NULL,
        availability text NOT NULL,
        rate_credits_per_hour integer NOT NULL,
        retired boolean NOT NULL DEFAULT false
      );
      CREATE INDEX IF NOT EXISTS experts_view_skills ON experts_view USING gin (skills);
    `,
  },
];
