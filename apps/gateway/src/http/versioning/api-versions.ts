import { defineCatalog } from './version-catalog';

/**
 * The one list of API versions, oldest first; the last is the latest
 * stable, used when a request sends no `Service-Version`. A breaking change adds a new date here
 * with, under `changes`, the transform back to the previous shape for each resource kind it
 * touches; handlers never change for it. Retiring a version (after its 12-month overlap) removes
 * it from `versions`, after which it is refused with 400 like any unknown value.
 */
export const API_VERSION_CATALOG = defineCatalog({
  versions: ['2026-11-01'],
  changes: {},
});
