import {
  accountTokenSchema,
  checkTokenAnswerSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  type Language,
  messageAnswerSchema,
  ROLE,
  registerSchema,
  setNewPasswordSchema,
  verifyAccountAnswerSchema,
} from '@usluge/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appendAudit, appendRoleChange, secretChange } from '../../audit/append-audit.ts';
import {
  ACCOUNT_TOKEN_HOURS,
  type AccountTokenPurpose,
  consumeAccountToken,
  issueAccountToken,
  isVerifiedThrough,
  peekAccountToken,
} from '../../auth/account-tokens.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { revokeUserSessions } from '../../auth/session-repository.ts';
import type { Config } from '../../config.ts';
import { nextVersion } from '../../crud/row-version.ts';
import type { Database } from '../../db/client.ts';
import { userFullName, userRoles, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { type MessageKey, translate } from '../../http/messages.ts';
import { PG_UNIQUE_VIOLATION, pgErrorOf } from '../../http/pg-error.ts';
import { type LimitStore, takeAll } from '../../limits/limit-store.ts';
import { enqueueMail } from '../../mail/mail-outbox.ts';
import { type MailTemplate, renderMail } from '../../mail/mail-templates.ts';
import { closeAccount, removeAccountImage } from './close-account.ts';

const tags = ['account'];
const config = { access: 'public' } as const;

/** Where each e-mailed link leads: the account pages the mobile app's mails point to. */
const LINK_PATHS: Record<AccountTokenPurpose, (token: string) => string> = {
  verify_account: (token) => `/verify-account/${token}`,
  reset_password: (token) => `/reset-password/${token}`,
  delete_account: (token) => `/delete-account?token=${encodeURIComponent(token)}`,
};

type Person = { id: number; email: string; name: string };

/**
 * The account flows of members (SPEC.md 7 'Public account calls'): register and verify, forgot and
 * set a new password, delete the account. Every call is limited per IP and per address; the
 * answers never tell whether an account exists. Mail goes to the outbox with the change.
 */
export function accountRoutes(
  app: FastifyInstance,
  db: Database,
  appConfig: Config,
  limits: LimitStore,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { perIp, perAddress, windowMs } = appConfig.accountLimits;
  const byIp = { limit: perIp, windowMs };
  const byAddress = { limit: perAddress, windowMs };

  /** Counts the call; refuses it (429 with Retry-After) over either limit, and then counts nothing. */
  const limit = async (request: FastifyRequest, reply: FastifyReply, address?: string) => {
    const addressKey = address?.trim().toLowerCase();
    const verdict = await takeAll(limits, [
      { key: `account:ip:${request.ip}`, rule: byIp },
      ...(addressKey ? [{ key: `account:address:${addressKey}`, rule: byAddress }] : []),
    ]);
    if (!verdict.isTaken) {
      reply.header('Retry-After', Math.ceil(verdict.waitMs / 1000));
      throw new AppError(429, 'too_many_requests');
    }
  };
  const message = (key: MessageKey, lang: Language) => ({ message: translate(key, lang) });

  /** Issues a token and queues its mail, in the caller's transaction; the log and the worker are told after. */
  async function sendLink(tx: Database, person: Person, purpose: AccountTokenPurpose, lang: Language) {
    const token = await issueAccountToken(tx, person.id, purpose);
    const link = `${appConfig.publicUrl}${LINK_PATHS[purpose](token)}`;
    const mail = renderMail(purpose satisfies MailTemplate, lang, {
      name: person.name,
      link,
      hours: ACCOUNT_TOKEN_HOURS[purpose],
    });
    await enqueueMail(tx, person.email, mail);
    return () => app.mail.queued(person.email, mail.subject, mail.text);
  }

  /** Mails a link to an active account, in a transaction of its own; nothing for anyone else. */
  async function sendLinkIfActive(
    person: Person & { isActive: boolean },
    purpose: AccountTokenPurpose,
    lang: Language,
  ) {
    if (!person.isActive) return;
    const announce = await db.transaction((tx) => sendLink(tx as unknown as Database, person, purpose, lang));
    announce();
  }

  const personWhere = (condition: ReturnType<typeof and>) =>
    db
      .select({ id: users.id, email: users.email, name: users.name, isActive: users.is_active })
      .from(users)
      .where(condition)
      .limit(1);

  typed.post(
    '/register',
    {
      config,
      schema: {
        tags,
        summary: 'A member opens an account; a verification link is mailed',
        body: registerSchema,
        response: { 201: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      const form = request.body;
      await limit(request, reply, form.email);
      const passwordHash = await hashPassword(form.password);
      let announce = () => {};
      try {
        await db.transaction(async (transaction) => {
          const tx = transaction as unknown as Database;
          const [user] = await tx
            .insert(users)
            .values({
              name: form.name,
              last_name: form.last_name,
              email: form.email,
              username: form.username,
              phone: form.phone,
              address: form.address,
              pib: form.pib,
              user_type_id: form.user_type_id,
              password_hash: passwordHash,
              registered_at: sql`now()`,
            })
            .returning({ id: users.id, email: users.email, name: users.name });
          if (!user) throw new Error('user insert returned nothing');
          await tx.insert(userRoles).values({ user_id: user.id, role_id: ROLE.member });
          // Nobody is signed in yet: the new member is the actor of their own sign-up.
          const actor = { id: user.id, ip: request.ip || null };
          await appendAudit(tx, {
            action: 'create',
            recordType: 'users',
            recordId: user.id,
            changes: {
              username: { before: null, after: form.username },
              email: { before: null, after: form.email },
              user_type_id: { before: null, after: form.user_type_id },
              password_hash: secretChange(),
            },
            actor,
          });
          await appendRoleChange(tx, user.id, [], [ROLE.member], actor);
          announce = await sendLink(tx, user, 'verify_account', request.lang);
        });
      } catch (error) {
        const pg = pgErrorOf(error);
        if (pg?.code === PG_UNIQUE_VIOLATION && pg.constraint === 'users_email_unique')
          throw new AppError(409, 'conflict_email', {}, 'email');
        if (pg?.code === PG_UNIQUE_VIOLATION && pg.constraint === 'users_username_unique')
          throw new AppError(409, 'conflict_username', {}, 'username');
        if (pg?.constraint === 'users_user_type_id_user_types_id_fk')
          throw new AppError(422, 'invalid_reference', {}, 'user_type_id');
        throw error;
      }
      announce();
      return reply.status(201).send(message('account_registered', request.lang));
    },
  );

  typed.post(
    '/verify-account',
    {
      config,
      schema: {
        tags,
        summary: 'Confirms an account with the mailed token',
        description:
          'A link opened again once its account is verified (a reload after success) answers 200 with `is_already_verified` true and a message saying so; an unknown or expired token is a 422.',
        body: accountTokenSchema,
        response: { 200: verifyAccountAnswerSchema },
      },
    },
    async (request, reply) => {
      await limit(request, reply);
      const verified = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const userId = await consumeAccountToken(tx, request.body.token, 'verify_account');
        if (userId === null) return false;
        await tx.update(users).set({ email_verified_at: sql`now()` }).where(eq(users.id, userId));
        await appendAudit(tx, {
          action: 'update',
          recordType: 'users',
          recordId: userId,
          changes: { email_verified_at: { before: null, after: 'verified' } },
          actor: { id: userId, ip: request.ip || null },
        });
        return true;
      });
      if (verified) return { ...message('account_verified', request.lang), is_already_verified: false };
      // Opened again once it worked: not an error, the account is verified.
      if (await isVerifiedThrough(db, request.body.token)) {
        return { ...message('account_already_verified', request.lang), is_already_verified: true };
      }
      throw new AppError(422, 'account_token_invalid');
    },
  );

  typed.post(
    '/forgot-password',
    {
      config,
      schema: {
        tags,
        summary: 'Mails a link to set a new password (the same answer for any address)',
        body: forgotPasswordSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      await limit(request, reply, request.body.email);
      const [person] = await personWhere(sql`lower(${users.email}) = lower(${request.body.email})`);
      if (person) await sendLinkIfActive(person, 'reset_password', request.lang);
      return message('reset_link_sent', request.lang);
    },
  );

  typed.post(
    '/check-uuid',
    {
      config,
      schema: {
        tags,
        summary: "Checks a reset token; answers the user's full name",
        body: accountTokenSchema,
        response: { 200: checkTokenAnswerSchema },
      },
    },
    async (request, reply) => {
      await limit(request, reply);
      const userId = await peekAccountToken(db, request.body.token, 'reset_password');
      const [user] =
        userId === null
          ? []
          : await db
              .select({ full_name: sql<string>`trim(${userFullName})` })
              .from(users)
              .where(eq(users.id, userId));
      if (!user) throw new AppError(422, 'account_token_invalid');
      return user;
    },
  );

  typed.post(
    '/set-new-password',
    {
      config,
      schema: {
        tags,
        summary: 'Sets a new password with the mailed token; every session of the user ends',
        body: setNewPasswordSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      await limit(request, reply);
      const passwordHash = await hashPassword(request.body.new_password);
      const isChanged = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const userId = await consumeAccountToken(tx, request.body.token, 'reset_password');
        if (userId === null) return false;
        await tx
          .update(users)
          .set({ password_hash: passwordHash, updated_at: nextVersion(users.updated_at) })
          .where(eq(users.id, userId));
        await revokeUserSessions(tx, userId);
        await appendAudit(tx, {
          action: 'update',
          recordType: 'users',
          recordId: userId,
          changes: { password_hash: secretChange() },
          actor: { id: userId, ip: request.ip || null },
        });
        return true;
      });
      if (!isChanged) throw new AppError(422, 'account_token_invalid');
      return message('password_changed', request.lang);
    },
  );

  typed.post(
    '/delete-account',
    {
      config,
      schema: {
        tags,
        summary: 'Mails a link to confirm the deletion (the same answer whether or not the account exists)',
        body: deleteAccountSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      const { username, email } = request.body;
      await limit(request, reply, email);
      const [person] = await personWhere(
        and(sql`lower(${users.username}) = lower(${username})`, sql`lower(${users.email}) = lower(${email})`),
      );
      if (person) await sendLinkIfActive(person, 'delete_account', request.lang);
      return message('delete_link_sent', request.lang);
    },
  );

  typed.post(
    '/delete-account/confirm',
    {
      config,
      schema: {
        tags,
        summary: 'Deletes the account of the mailed token: personal data removed, ledger kept',
        body: accountTokenSchema,
        response: { 200: messageAnswerSchema },
      },
    },
    async (request, reply) => {
      await limit(request, reply);
      const removedImage = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const userId = await consumeAccountToken(tx, request.body.token, 'delete_account');
        if (userId === null) throw new AppError(422, 'account_token_invalid');
        await appendAudit(tx, {
          action: 'update',
          recordType: 'users',
          recordId: userId,
          changes: { is_closed: { before: false, after: true } },
          actor: { id: userId, ip: request.ip || null },
        });
        return closeAccount(tx, userId);
      });
      await removeAccountImage(app.storage, removedImage);
      return message('account_deleted', request.lang);
    },
  );
}
