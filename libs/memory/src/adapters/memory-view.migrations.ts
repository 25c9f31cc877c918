/** The brand-memory read model: one row per live entry, rebuildable from the `memory-*` streams. */
export const memoryViewMigrations = [
  {
    id: 'memory-view-001',
    sql: `
      CREATE TABLE IF NOT EXISTS memory_entries_view (
        workspace_id text NOT NULL,
        mode text NOT NULL,
        key text COLLATE "C" NOT NULL, -- bytewise order, so the list's keyset cursor compares like the index
        kind text NOT NULL,
        body text NOT NULL,
        source json,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (workspace_id, mode, key)
      );
    `,
  },
];
