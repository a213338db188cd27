import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';

/** Who makes a change and from where: the session's user (null: nobody signed in) and the address. */
export type AuditActor = { id: number | null; ip: string | null };

const NOBODY: AuditActor = { id: null, ip: null };
const current = new AsyncLocalStorage<AuditActor>();

/** The request's actor: its session's user (`request.user`) and `request.ip`. */
export function actorOfRequest(request: Pick<FastifyRequest, 'user' | 'ip'>): AuditActor {
  return { id: request.user?.id ?? null, ip: request.ip || null };
}

/**
 * Runs a change with its actor known to every audit entry written inside it. runIdempotent (the
 * transaction of every write route) sets it, so the write functions it calls (the crud write, the
 * ledger, the status change) need not carry the request; a job of the system's own has none.
 */
export function withAuditActor<T>(actor: AuditActor, work: () => T): T {
  return current.run(actor, work);
}

/** The actor of the change running now; nobody outside a request's write. */
export function currentAuditActor(): AuditActor {
  return current.getStore() ?? NOBODY;
}
