import { withTransaction } from '@eh/platform';
import type { Pool } from 'pg';
import type { BlobStore } from './blob-store.port';

/**
 * Blobs as `bytea` rows of 1 MiB each: one row per megabyte keeps every value well under the
 * 1 GB bytea limit and TOAST's comfort zone, lets a download stream a row at a time, and lets a
 * 25 MB file be written in one transaction (all rows or none).
 */
export const BLOB_CHUNK_BYTES = 1024 * 1024;

export class PostgresBlobStore implements BlobStore {
  constructor(private readonly pool: Pool) {}

  async put(blobId: string, bytes: Buffer): Promise<void> {
    await withTransaction(this.pool, async (tx) => {
      for (let index = 0, offset = 0; offset < bytes.length || index === 0; index++, offset += BLOB_CHUNK_BYTES) {
        await tx.query('INSERT INTO blob_chunks (blob_id, chunk_index, bytes) VALUES ($1, $2, $3)', [
          blobId,
          index,
          bytes.subarray(offset, offset + BLOB_CHUNK_BYTES),
        ]);
      }
    });
  }

  async *read(blobId: string): AsyncIterable<Buffer> {
    for (let index = 0; ; index++) {
      const { rows } = await this.pool.query<{ bytes: Buffer }>('SELECT bytes FROM blob_chunks WHERE blob_id = $1 AND chunk_index = $2', [blobId, index]);
      if (rows.length === 0) return;
      yield rows[0].bytes;
    }
  }

  async delete(blobId: string): Promise<void> {
    await this.pool.query('DELETE FROM blob_chunks WHERE blob_id = $1', [blobId]);
  }
}
