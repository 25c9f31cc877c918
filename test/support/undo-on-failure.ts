/**
 * Finishes a suite's start; if that fails, undoes what was already started (services, a browser)
 * and fails as it did, since the suite's `afterAll` never learns of what it was not handed.
 */
export async function undoOnFailure<T>(finish: () => Promise<T>, undo: () => Promise<void>): Promise<T> {
  try {
    return await finish();
  } catch (error) {
    await undo();
    throw error;
  }
}
