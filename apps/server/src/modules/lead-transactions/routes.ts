import { creditTotal, leadTransactionRowSchema, leadTransactionStoreSchema, ROLE } from '@usluge/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authenticate.ts';
import type { Database } from '../../db/client.ts';
import { qualified } from '../../db/qualified-column.ts';
import { creditPrices, currencies, leadTransactions, userRoles, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { runIdempotent } from '../../http/idempotency.ts';
import { changeBalance } from '../../ledger/ledger.ts';
import { correctionDescription, topUpDescription } from '../../ledger/ledger-descriptions.ts';
import { loadInOrder } from '../../list-engine/list-query.ts';
import { leadTransactionList } from './lead-transaction-list.ts';

async function activePrice(tx: Database, id: number): Promise<{ price: number; currency: string }> {
  const [price] = await tx
    .select({
      price: creditPrices.price_per_credit,
      currency: currencies.short_name,
      isActive: creditPrices.is_active,
    })
    .from(creditPrices)
    .innerJoin(currencies, eq(currencies.id, creditPrices.currency_id))
    .where(eq(creditPrices.id, id));
  if (!price) throw new AppError(422, 'invalid_reference', {}, 'credit_price_id');
  if (!price.isActive) throw new AppError(422, 'credit_price_inactive', {}, 'credit_price_id');
  return price;
}

/** A user with a balance: anyone who holds a role other than Administrator (SPEC.md 6). */
async function assertHoldsBalance(tx: Database, userId: number): Promise<void> {
  const [user] = await tx
    .select({
      id: users.id,
      hasBalance: sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.user_id} = ${qualified(users.id)} and ${userRoles.role_id} <> ${ROLE.administrator})`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError(422, 'invalid_reference', {}, 'credit_for_user_id');
  if (!user.hasBalance) throw new AppError(422, 'credit_user_has_no_balance', {}, 'credit_for_user_id');
}

/**
 * `POST /api/lead_transactions/store`: staff add credits to a user (a top-up) or take some away
 * (a correction), at a credit price. One transaction: the user's row locked, the lead_transactions
 * row, the balance and the ledger entry; an overdraft is a 409 that changes nothing. Retries with
 * the same Idempotency-Key get the first answer.
 */
export function leadTransactionRoutes(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/lead_transactions/store',
    {
      config: { access: 'administrator', isIdempotent: true },
      schema: {
        tags: ['lead_transactions'],
        summary: 'Add credits to a user, or correct the balance (negative amount)',
        body: leadTransactionStoreSchema,
        response: { 201: leadTransactionRowSchema },
      },
    },
    async (request, reply) => {
      const actorId = requireUser(request).id;
      const { credit_amount: amount, credit_price_id: priceId, credit_for_user_id: userId } = request.body;
      const answer = await runIdempotent(db, request, leadTransactionRowSchema, async (tx) => {
        await assertHoldsBalance(tx, userId);
        const { price, currency } = await activePrice(tx, priceId);
        const changed = await changeBalance(tx, {
          userId,
          amount,
          description: amount > 0 ? topUpDescription(amount, price, currency) : correctionDescription(amount),
          actorId,
          field: 'credit_amount',
          recordCause: async ({ before, after }) => {
            const [row] = await tx
              .insert(leadTransactions)
              .values({
                credit_for_user_id: userId,
                credit_price_id: priceId,
                credit_before_adding: before,
                add_credit_amount: amount,
                credit_after_adding: after,
                total_price: creditTotal(amount, price),
                created_by_user_id: actorId,
              })
              .returning({ id: leadTransactions.id });
            if (!row) throw new Error('lead_transactions insert returned nothing');
            return { leadTransactionId: row.id };
          },
        });
        const [row] = await loadInOrder(tx, leadTransactionList, [changed.leadTransactionId ?? 0]);
        if (!row) throw new Error('the new lead_transactions row is missing');
        return { status: 201, body: row };
      });
      // A replay answers as the first request did: 201 with the row it made.
      return reply.status(201).send(answer.body);
    },
  );
}
