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
  }
  interface FastifyContextConfig {
    /** Who may call the route; a route without it is refused. */
    access?: Access;
    /** A GET that changes state (logout, favourite toggle) gets the cross-site check too. */
    isStateChanging?: boolean;
  }
}
