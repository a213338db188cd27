import { redirect } from 'react-router';
import { ensureSession } from './session-api.ts';

/** Route loader guarding every admin route: no session, no entry (DESIGN.md section 5). */
export async function requireSessionLoader(): Promise<null> {
  const user = await ensureSession();
  if (!user) throw redirect('/login');
  return null;
}
