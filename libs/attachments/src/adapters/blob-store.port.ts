/**
 * Where uploaded bytes live (somewhere every replica sees, never one
 * replica's disk). PostgreSQL is the adapter here; an S3-compatible bucket is the second one when
 * files outgrow the database (docs/decisions.md "Expert console").
 */
export interface BlobStore {
  /** Stores `bytes` under `blobId` (written once; ids are never reused). */
  put(blobId: string, bytes: Buffer): Promise<void>;
  /** The bytes in order, a piece at a time, so a download never holds a whole file in memory. */
  read(blobId: string): AsyncIterable<Buffer>;
  delete(blobId: string): Promise<void>;
}
