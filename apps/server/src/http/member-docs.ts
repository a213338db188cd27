/**
 * What the API document says of every member route (the mobile app's): the member tag and the
 * bearer scheme. Spread into the route's schema.
 */
export const memberDocs: { tags: string[]; security: Record<string, string[]>[] } = {
  tags: ['member'],
  security: [{ bearer: [] }],
};
