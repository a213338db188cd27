import type { APIRequestContext, Page } from 'playwright-core';

/**
 * The ids of a list's first rows in its default order, read with a page's session or with an API
 * context of its own (another user signed in).
 */
export async function firstIds(
  session: Page | APIRequestContext,
  path: string,
  count: number,
): Promise<number[]> {
  const request = 'request' in session ? session.request : session;
  const answer = await request.post(path, { data: {} });
  const { result } = (await answer.json()) as { result: { id: number }[] };
  return result.slice(0, count).map((row) => row.id);
}
