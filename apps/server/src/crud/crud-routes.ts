import { idParamsSchema } from '@usluge/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client.ts';
import { notFound } from '../http/errors.ts';
import { loadInOrder } from '../list-engine/list-query.ts';
import type { CrudDefinition } from './crud-definition.ts';
import { insertRow, toggleActive, updateRow } from './crud-queries.ts';

/** Registers store, update/{id} and destroy/{id} for a reference resource. */
export function registerCrudRoutes<Row extends { id: number }, Form extends Record<string, unknown>>(
  app: FastifyInstance,
  db: Database,
  definition: CrudDefinition<Row, Form>,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { resource, rowSchema } = definition.list;
  const generic = definition as unknown as CrudDefinition<{ id: number }, Record<string, unknown>>;
  const rowById = async (id: number) => {
    const [row] = await loadInOrder(db, definition.list, [id]);
    if (!row) throw notFound();
    return row;
  };
  const config = { access: definition.access };
  const tags = [resource];

  typed.post(
    `/${resource}/store`,
    {
      config,
      schema: {
        tags,
        summary: `Create a ${resource} row`,
        body: definition.formSchema,
        response: { 201: rowSchema },
      },
    },
    async (request, reply) => {
      const id = await insertRow(db, generic, request.body as Record<string, unknown>);
      return reply.status(201).send(await rowById(id));
    },
  );

  typed.put(
    `/${resource}/update/:id`,
    {
      config,
      schema: {
        tags,
        summary: `Update a ${resource} row`,
        params: idParamsSchema,
        body: definition.formSchema,
        response: { 200: rowSchema },
      },
    },
    async (request) => {
      await updateRow(db, generic, request.params.id, request.body as Record<string, unknown>);
      return rowById(request.params.id);
    },
  );

  typed.delete(
    `/${resource}/destroy/:id`,
    {
      config,
      schema: {
        tags,
        summary: `Deactivate an active ${resource} row, or restore an inactive one`,
        params: idParamsSchema,
        response: { 200: rowSchema },
      },
    },
    async (request) => {
      await toggleActive(db, generic, request.params.id);
      return rowById(request.params.id);
    },
  );
}
