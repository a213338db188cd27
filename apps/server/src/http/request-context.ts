import type { Access, Language } from '@usluge/contract';

export type AuthenticatedUser = {
  id: number;
  sessionId: string;
  roleIds: number[];
};

declare module 'fastify' {
  // Module augmentation has to use interfaces.
  interface FastifyRequest {
    lang: Language;
    user: AuthenticatedUser | null;
    /** Set by runIdempotent: the write ran through it (checked for `isIdempotent` routes). */
    hasRunIdempotent: boolean;
  }
  interface FastifyContextConfig {
    /** Who may call the route; a route without it is refused. */
    access?: Access;
    /** A GET that changes state (logout, favourite toggle) gets the cross-site check too. */
    isStateChanging?: boolean;
    /**
     * A write that runs through runIdempotent: an Idempotency-Key makes it happen once (the API
     * document lists the header on it). A success answered without it is caught
     * (registerIdempotencyCheck).
     */
    isIdempotent?: boolean;
    /** A POST that only reads a list: it does not end the list totals kept (list-engine/list-totals.ts). */
    isListRead?: boolean;
  }
}
