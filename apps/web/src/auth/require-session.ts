import { type LoaderFunctionArgs, redirect } from 'react-router';
import { loginPathFor } from './return-to.ts';
import { ensureSession } from './session-api.ts';

/**
 * Route loader guarding every admin route: no session, no entry (DESIGN.md section 5). The login
 * page is told where the visitor was going, to go on there after signing in.
 */
export async function requireSessionLoader({ request }: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
  const user = await ensureSession();
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginPathFor(`${url.pathname}${url.search}`));
  }
  return null;
}
