import {
  changePasswordSchema,
  closeAccountSchema,
  memberProfileSchema,
  messageAnswerSchema,
  staleWriteAnswerSchema,
} from '@usluge/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { appendAudit, secretChange } from '../../audit/append-audit.ts';
import { requireUser } from '../../auth/authenticate.ts';
import type { LoginLimiter } from '../../auth/login-limiter.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { revokeOtherSessions } from '../../auth/session-repository.ts';
import { runCrudWrite } from '../../crud/crud-routes.ts';
import { nextVersion } from '../../crud/row-version.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { memberDocs } from '../../http/member-docs.ts';
import { type MessageKey, translate } from '../../http/messages.ts';
import { loadInOrder } from '../../list-engine/list-query.ts';
import { closeAccount, removeAccountImage } from '../account/close-account.ts';
import { memberProfileCrud, memberProfileRows } from './member-profile.ts';

const member = { access: 'member' } as const;
const write = { access: 'member', isIdempotent: true } as const;

/**
 * The member's own account in the mobile app (issue 20, item 2): profile, password, closing the
 * account. The ledger is a list of the list engine (member-ledger-list.ts). Every path is the
 * caller's own: none takes an id of another member's record.
 */
export function memberProfileRoutes(app: FastifyInstance, db: Database, limiter: LoginLimiter): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  /**
   * A change confirmed by the password typed again: checked inside the change's transaction, which
   * runs once per Idempotency-Key (a retry answers the first answer without checking it again, as
   * the password may be another by then). Attempts count against the account's sign-in limits, so
   * a stolen access token cannot be used to guess the password. Answers the message of the change.
   */
  async function confirmedChange(
    request: FastifyRequest,
    reply: FastifyReply,
    password: string,
    change: (tx: Database, userId: number) => Promise<MessageKey>,
  ): Promise<{ message: string }> {
    const userId = requireUser(request).id;
    const [account] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
    if (!account) throw notFound();
    const attempt = { ip: request.ip, username: account.username };
    const verdict = await limiter.admit(attempt);
    if (!verdict.isAdmitted) {
      reply.header('Retry-After', Math.ceil(verdict.waitMs / 1000));
      throw new AppError(429, 'too_many_attempts', { minutes: Math.ceil(verdict.waitMs / 60_000) });
    }
    const answer = await runIdempotent(db, request, messageAnswerSchema, async (tx) => {
      const [row] = await tx
        .select({ hash: users.password_hash })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!(await verifyPassword(row?.hash, password))) {
        throw new AppError(422, 'wrong_password', {}, 'password');
      }
      const key = await change(tx, userId);
      return { status: 200, body: { message: translate(key, request.lang) } };
    });
    await limiter.recordSuccess(attempt);
    return answer.body;
  }

  typed.get(
    '/me',
    {
      config: member,
      schema: {
        ...memberDocs,
        summary: "The member's own profile and balance",
        description:
          "Who the caller is (name, contact, image, address, tax number, user type, roles) and `credit`, the balance in credits. `updated_at` is the profile's version: send it with `POST /api/me/update`. Never the password hash or what staff keep about the account.",
        response: { 200: memberProfileSchema },
      },
    },
    async (request) => {
      const [profile] = await loadInOrder(db, memberProfileRows, [requireUser(request).id]);
      if (!profile) throw notFound();
      return profile;
    },
  );

  typed.post(
    '/me/update',
    {
      config: write,
      schema: {
        ...memberDocs,
        summary: 'Change the own profile (JSON, or multipart with `image_file`)',
        description:
          'Fields: `name`, `last_name`, `username`, `phone`, `details`, `address`, `pib`, `user_type_id` (a company, user type 1, gives `address` and `pib`), and `updated_at` as `GET /api/me` answered it (a stale one is a 409 with the current profile; none: not checked). Multipart may carry `image_file` (PNG or JPEG), which replaces the profile image; the old file is removed once the change is saved. A username another account has is a 409. The e-mail address is not changed here: it is where password resets and account links go, so a new one would need a confirmation from that address. Answers the profile as `GET /api/me` does.',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: memberProfileSchema, 409: staleWriteAnswerSchema(memberProfileSchema) },
      },
    },
    async (request, reply) => {
      const id = requireUser(request).id;
      const { body } = await runCrudWrite(app, db, memberProfileCrud, request, { kind: 'update', id });
      // The write path answers the row as memberProfileRows loads it: the profile.
      return reply.send(body as z.output<typeof memberProfileSchema>);
    },
  );

  typed.post(
    '/me/change-password',
    {
      config: write,
      schema: {
        ...memberDocs,
        summary: 'Change the own password; every other session ends',
        description:
          'The current `password` (a wrong one is a 422 on the field, counted against the sign-in limits: too many answer 429) and the `new_password` (at least 8 characters). The session that asks stays signed in; every other session of the member (other phones, the web) ends at once.',
        body: changePasswordSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      const { sessionId } = requireUser(request);
      const newHash = await hashPassword(request.body.new_password);
      return confirmedChange(request, reply, request.body.password, async (tx, userId) => {
        await tx
          .update(users)
          .set({ password_hash: newHash, updated_at: nextVersion(users.updated_at) })
          .where(eq(users.id, userId));
        await revokeOtherSessions(tx, userId, sessionId);
        await appendAudit(tx, {
          action: 'update',
          recordType: 'users',
          recordId: userId,
          changes: { password_hash: secretChange() },
        });
        return 'password_changed_here';
      });
    },
  );

  typed.post(
    '/me/delete',
    {
      config: write,
      schema: {
        ...memberDocs,
        summary: 'Close the own account (the password asked again)',
        description:
          "The same closing as the mailed link of `POST /api/delete-account`: name, contact details, image and tax number are removed, the account can no longer sign in and every session (this one too) ends; the ledger, contacts and ads stay, without the member's personal data. A wrong `password` is a 422 on the field.",
        body: closeAccountSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      let removedImage: string | null = null;
      const answer = await confirmedChange(request, reply, request.body.password, async (tx, userId) => {
        removedImage = await closeAccount(tx, userId);
        await appendAudit(tx, {
          action: 'update',
          recordType: 'users',
          recordId: userId,
          changes: { is_closed: { before: false, after: true } },
        });
        return 'account_deleted';
      });
      await removeAccountImage(app.storage, removedImage);
      return answer;
    },
  );
}
