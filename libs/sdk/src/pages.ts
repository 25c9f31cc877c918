import type { Page } from './types';

/** Every item of a list, page after page, following each page's `next` cursor until there is none. */
export async function* allItems<T>(listPage: (cursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await listPage(cursor);
    yield* page.data;
    cursor = page.next ?? undefined;
  } while (cursor);
}
