import { createHash } from 'node:crypto';
import {
  BULK_CHUNK_SIZE,
  bulkResultSchema,
  bulkToggleSchema,
  destroyQuerySchema,
  idParamsSchema,
  staleWriteAnswerSchema,
  versionFieldsSchema,
} from '@usluge/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { AppError, notFound, RequestValidationError } from '../http/errors.ts';
import { runIdempotent } from '../http/idempotency.ts';
import { loadInOrder } from '../list-engine/list-query.ts';
import { LISTS } from '../modules/resources.ts';
import { type FileStorage, storedFileOf, type UploadFolder } from '../uploads/file-storage.ts';
import { imageUrl } from '../uploads/image-routes.ts';
import { type ProcessedImage, processImage } from '../uploads/image-upload.ts';
import { readMultipartForm } from '../uploads/multipart-form.ts';
import { answerBulkRequest } from './bulk-write.ts';
import type {
  AnswerExtras,
  CrudDefinition,
  PendingWrite,
  UploadField,
  WriteKind,
} from './crud-definition.ts';
import { type GenericCrud, lockRowColumns, writeRow } from './crud-queries.ts';

type Form = Record<string, unknown>;
type Images = Map<UploadField, ProcessedImage[]>;
type SavedFile = { folder: UploadFolder; name: string };
type WriteResult = Awaited<ReturnType<typeof writeRow>>;

/** A store or update as the client sent it: the form, its images, the version it read. */
type ReadForm = {
  form: Form;
  images: Images;
  /** Stored images the form removes (their upload's `removeField` was true). */
  removals: UploadField[];
  version: Date | undefined;
  /** What identifies the request for its Idempotency-Key where the body is not Fastify's. */
  fingerprint: { body?: unknown };
};

function parseWith<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data, { reportInput: true });
  if (!result.success) throw new RequestValidationError(result.error.issues);
  return result.data;
}

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

/**
 * The stored images the form asks to remove (an upload's `removeField` true), taken out of the form
 * (they are no column). A new file for the same field as well is refused: which was meant is unknown.
 */
function removalsOf(definition: GenericCrud, form: Form, images: Images): UploadField[] {
  const removals: UploadField[] = [];
  for (const upload of definition.uploads ?? []) {
    if (!upload.removeField) continue;
    const isRemoved = form[upload.removeField] === true;
    delete form[upload.removeField];
    if (!isRemoved) continue;
    if (images.has(upload)) throw new AppError(422, 'image_removed_and_sent', {}, upload.field);
    removals.push(upload);
  }
  return removals;
}

/**
 * The form of a store or update: JSON (already checked by the route's schema, `updated_at`
 * included), or multipart with its images checked and re-encoded and `updated_at` among its fields.
 */
async function readForm(
  request: FastifyRequest,
  definition: GenericCrud,
  schema: z.ZodType,
): Promise<ReadForm> {
  const images: Images = new Map();
  if (!definition.uploads || !request.isMultipart()) {
    const { updated_at: sent, ...body } = (request.body ?? {}) as Form;
    // A form with images also takes JSON, which its route's schema (multipart's) did not check:
    // there the version is still text.
    const version =
      sent instanceof Date
        ? sent
        : parseWith(versionFieldsSchema, { updated_at: sent ?? undefined }).updated_at;
    const form = parseWith(schema, body) as Form;
    return { form, images, removals: removalsOf(definition, form, images), version, fingerprint: {} };
  }
  const multipart = await readMultipartForm(request, {
    files: Object.fromEntries(definition.uploads.map((upload) => [upload.field, upload.max ?? 1])),
  });
  const { updated_at: sentVersion, ...fields } = multipart.fields;
  const { updated_at: version } = parseWith(versionFieldsSchema, { updated_at: sentVersion || undefined });
  const form = parseWith(schema, fields) as Form;
  for (const upload of definition.uploads) {
    const files = multipart.files[upload.field] ?? [];
    if (files.length > 0) {
      images.set(upload, await Promise.all(files.map((bytes) => processImage(bytes, upload.field))));
    }
  }
  const fileDigests = Object.fromEntries(
    Object.entries(multipart.files).map(([field, files]) => [field, files.map(digest)]),
  );
  return {
    form,
    images,
    removals: removalsOf(definition, form, images),
    version,
    fingerprint: { body: { fields: multipart.fields, files: fileDigests } },
  };
}

const countsOf = (images: Images) =>
  Object.fromEntries([...images].map(([upload, processed]) => [upload.field, processed.length]));

/**
 * The write, with its images: stored before the row is written (inside its transaction, which
 * `inTransaction` runs: the Idempotency-Key's), removed again if the write fails; the images they
 * replace or the form removes (`removals`: the column set to null), and those the resource
 * discards, are removed once the write has committed. So no file
 * is left without its row, and no row points to a missing file. A replayed request writes nothing.
 */
async function writeWithImages<T>(
  storage: FileStorage,
  definition: GenericCrud,
  write: PendingWrite<Form>,
  images: Images,
  removals: readonly UploadField[],
  inTransaction: (writeIn: (tx: Database) => Promise<WriteResult>) => Promise<T>,
): Promise<T> {
  const saved: SavedFile[] = [];
  const discarded: SavedFile[] = [];
  const discardFiles = (urls: readonly string[]) => {
    for (const url of urls) {
      const file = storedFileOf(url);
      if (file) discarded.push(file);
    }
  };
  try {
    const written = await inTransaction(async (tx) => {
      const singleColumns = [...images.keys(), ...removals].flatMap((upload) =>
        upload.column ? [upload.column] : [],
      );
      if (singleColumns.length > 0 && write.id !== undefined) {
        const current = await lockRowColumns(tx, definition, write.id, singleColumns);
        if (!current) throw notFound();
        discardFiles(singleColumns.map((column) => String(current[column] ?? '')));
      }
      const extraValues: Form = Object.fromEntries(
        removals.flatMap((upload) => (upload.column ? [[upload.column, null]] : [])),
      );
      const uploads: Record<string, string[]> = {};
      const imageHashes: Record<string, bigint> = {};
      for (const [upload, processed] of images) {
        for (const image of processed) {
          const name = await storage.save(upload.folder, image.extension, image.bytes);
          saved.push({ folder: upload.folder, name });
          const url = imageUrl(upload.folder, name);
          uploads[upload.field] = [...(uploads[upload.field] ?? []), url];
          if (image.phash !== null) imageHashes[url] = image.phash;
        }
        if (upload.column) extraValues[upload.column] = uploads[upload.field]?.[0];
      }
      return writeRow(tx, definition, write, { uploads, imageHashes, discardFiles }, extraValues);
    });
    await Promise.all(discarded.map((file) => storage.remove(file.folder, file.name)));
    return written;
  } catch (error) {
    await Promise.all(saved.map((file) => storage.remove(file.folder, file.name)));
    throw error;
  }
}

/** Which write a request asks for, and the row's id (update, destroy). */
export type CrudWriteTarget = { kind: WriteKind; id?: number };

/**
 * One store, update or destroy (toggle) of a resource as the request asks it, by the signed-in
 * user: the form read (JSON or multipart with its images; a destroy's query), the version the
 * client read, the write in the Idempotency-Key's transaction, answered with the row as the
 * resource's list shows it and the status (201 for store). The generic routes run it, and so does
 * a route of another shape for a definition of its own (a member's ads: the id from the path, the
 * poster forced to the actor by its hooks), so that there is one write path.
 */
export async function runCrudWrite<Row extends { id: number }, F extends Form>(
  app: FastifyInstance,
  db: Database,
  definition: CrudDefinition<Row, F>,
  request: FastifyRequest,
  target: CrudWriteTarget,
): Promise<{ status: number; body: Row & AnswerExtras }> {
  const generic = definition as unknown as GenericCrud;
  const actorId = requireUser(request).id;
  let write: PendingWrite<Form>;
  let read: Omit<ReadForm, 'form' | 'version'>;
  if (target.kind === 'destroy') {
    const { updated_at: version, ...options } = request.query as Form;
    write = {
      kind: 'destroy',
      ...(target.id === undefined ? {} : { id: target.id }),
      actorId,
      ...(version ? { version: version as Date } : {}),
      options,
    };
    read = { images: new Map(), removals: [], fingerprint: {} };
  } else {
    const schema =
      target.kind === 'update' ? (definition.updateSchema ?? definition.formSchema) : definition.formSchema;
    const { form, version, ...rest } = await readForm(request, generic, schema);
    write = {
      kind: target.kind,
      ...(target.id === undefined ? {} : { id: target.id }),
      actorId,
      form,
      imageCounts: countsOf(rest.images),
      ...(version ? { version } : {}),
    };
    read = rest;
  }
  const status = target.kind === 'store' ? 201 : 200;
  return writeWithImages(app.storage, generic, write, read.images, read.removals, (writeIn) =>
    runIdempotent(
      db,
      request,
      definition.list.rowSchema as z.ZodType<Row & AnswerExtras>,
      async (tx) => {
        const { id, extras, deletedRow } = await writeIn(tx);
        const [row] = deletedRow ? [deletedRow as Row] : await loadInOrder(tx, definition.list, [id]);
        if (!row) throw notFound();
        return { status, body: { ...row, ...extras } };
      },
      read.fingerprint,
    ),
  );
}

/**
 * Registers store, update/{id} and destroy/{id} (toggle) for a resource. JSON forms: POST store,
 * PUT update. Forms with images: POST for both, multipart/form-data (JSON is taken too). Update and
 * destroy check the version the client read (`updated_at`); every write runs once per
 * Idempotency-Key. A resource with the toggle also gets destroy_bulk: the same toggle for many rows
 * (bulk-write.ts).
 */
export function registerCrudRoutes<Row extends { id: number }, F extends Form>(
  app: FastifyInstance,
  db: Database,
  definition: CrudDefinition<Row, F>,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const generic = definition as unknown as GenericCrud;
  const { resource, rowSchema } = definition.list;
  const updateSchema = definition.updateSchema ?? definition.formSchema;
  const destroySchema = definition.destroyQuerySchema ?? destroyQuerySchema;
  const hasUploads = (definition.uploads?.length ?? 0) > 0;
  const config = { access: definition.access, isIdempotent: true };
  const tags = [resource];
  const stale = { 409: staleWriteAnswerSchema(rowSchema) };
  // Multipart bodies are read and checked in the handler; JSON ones by the route's schema.
  const bodyOf = (schema: z.ZodType) =>
    hasUploads ? { consumes: ['multipart/form-data', 'application/json'] } : { body: schema };

  typed.post(
    `/${resource}/store`,
    {
      config,
      schema: {
        tags,
        summary: `Create a ${resource} row`,
        ...bodyOf(definition.formSchema),
        response: { 201: rowSchema },
      },
    },
    async (request, reply) => {
      // A replay answers as the first request did: 201 with the row it made.
      return reply
        .status(201)
        .send((await runCrudWrite(app, db, definition, request, { kind: 'store' })).body);
    },
  );

  typed.route({
    method: hasUploads ? 'POST' : 'PUT',
    url: `/${resource}/update/:id`,
    config,
    schema: {
      tags,
      summary: `Update a ${resource} row`,
      params: idParamsSchema,
      ...bodyOf(versionFieldsSchema.and(updateSchema)),
      response: { 200: rowSchema, ...stale },
    },
    handler: async (request) =>
      (await runCrudWrite(app, db, definition, request, { kind: 'update', id: request.params.id })).body,
  });

  if (definition.table.is_active && !definition.isDestroyDelete) {
    typed.post(
      `/${resource}/destroy_bulk`,
      {
        config,
        schema: {
          tags,
          summary: `Deactivate or restore many ${resource} rows: the ids given, or all the list's filters match`,
          description: `Each row goes through the same toggle as destroy/{id} (audit entry, new version, consequences), in a savepoint of its own: a refused row is listed in \`refused\` with the reason and the others are changed; a row already as asked (\`is_active\`) is listed in \`unchanged\`. With \`filters\` (and \`show_only_active\`, as the list route takes them) the rows are taken in id order after \`after_id\`, at most ${BULK_CHUNK_SIZE} per request; the answer's \`next_after_id\` is where the next request goes on, \`remaining\` how many matching rows are left.`,
          body: bulkToggleSchema,
          response: { 200: bulkResultSchema },
        },
      },
      async (request) => {
        const actorId = requireUser(request).id;
        const { is_active: isActive, list, ...target } = request.body;
        return answerBulkRequest(db, request, {
          list: generic.list,
          listName: list,
          lists: LISTS,
          target,
          writeOne: async (savepoint, id) => {
            const write: PendingWrite<Form> = { kind: 'destroy', id, actorId, options: {} };
            // Whether the actor may write it comes first, as in writeRow: nothing of a row they may not touch shows.
            await generic.authorize?.(savepoint, write);
            const current = await lockRowColumns(savepoint, generic, id, ['is_active']);
            if (!current) throw notFound();
            if (current.is_active === isActive) return 'unchanged';
            await writeRow(savepoint, generic, write);
            return 'changed';
          },
        });
      },
    );
  }

  typed.delete(
    `/${resource}/destroy/:id`,
    {
      config,
      schema: {
        tags,
        summary: `Deactivate an active ${resource} row, or restore an inactive one`,
        params: idParamsSchema,
        querystring: destroySchema,
        response: { 200: rowSchema, ...stale },
      },
    },
    async (request) =>
      (await runCrudWrite(app, db, definition, request, { kind: 'destroy', id: request.params.id })).body,
  );
}
