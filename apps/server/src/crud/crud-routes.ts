import { idParamsSchema } from '@usluge/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { notFound, RequestValidationError } from '../http/errors.ts';
import { loadInOrder } from '../list-engine/list-query.ts';
import { type FileStorage, storedFileOf, type UploadFolder } from '../uploads/file-storage.ts';
import { imageUrl } from '../uploads/image-routes.ts';
import { type ProcessedImage, processImage } from '../uploads/image-upload.ts';
import { readMultipartForm } from '../uploads/multipart-form.ts';
import type { CrudDefinition, PendingWrite, UploadField } from './crud-definition.ts';
import { type GenericCrud, lockRowColumns, writeRow } from './crud-queries.ts';

type Form = Record<string, unknown>;
type Images = Map<UploadField, ProcessedImage[]>;
type SavedFile = { folder: UploadFolder; name: string };

function parseForm(schema: z.ZodType, data: unknown): Form {
  const result = schema.safeParse(data, { reportInput: true });
  if (!result.success) throw new RequestValidationError(result.error.issues);
  return result.data as Form;
}

/** The form of a store or update: JSON, or multipart with its images checked and re-encoded. */
async function readForm(request: FastifyRequest, definition: GenericCrud, schema: z.ZodType) {
  const images: Images = new Map();
  if (!definition.uploads || !request.isMultipart())
    return { form: parseForm(schema, request.body ?? {}), images };
  const multipart = await readMultipartForm(request, {
    files: Object.fromEntries(definition.uploads.map((upload) => [upload.field, upload.max ?? 1])),
  });
  const form = parseForm(schema, multipart.fields);
  for (const upload of definition.uploads) {
    const files = multipart.files[upload.field] ?? [];
    if (files.length > 0) {
      images.set(upload, await Promise.all(files.map((bytes) => processImage(bytes, upload.field))));
    }
  }
  return { form, images };
}

const countsOf = (images: Images) =>
  Object.fromEntries([...images].map(([upload, processed]) => [upload.field, processed.length]));

/**
 * The write, with its images: stored before the row is written (inside its transaction), removed
 * again if the write fails; the images they replace, and those the resource discards, are removed
 * once the write has committed. So no file is left without its row, and no row points to a
 * missing file.
 */
async function writeWithImages(
  db: Database,
  storage: FileStorage,
  definition: GenericCrud,
  write: PendingWrite<Form>,
  images: Images,
): Promise<Awaited<ReturnType<typeof writeRow>>> {
  const saved: SavedFile[] = [];
  const discarded: SavedFile[] = [];
  const discardFiles = (urls: readonly string[]) => {
    for (const url of urls) {
      const file = storedFileOf(url);
      if (file) discarded.push(file);
    }
  };
  try {
    const written = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const singleColumns = [...images.keys()].flatMap((upload) => (upload.column ? [upload.column] : []));
      if (singleColumns.length > 0 && write.id !== undefined) {
        const current = await lockRowColumns(tx, definition, write.id, singleColumns);
        if (!current) throw notFound();
        discardFiles(singleColumns.map((column) => String(current[column] ?? '')));
      }
      const extraValues: Form = {};
      const uploads: Record<string, string[]> = {};
      for (const [upload, processed] of images) {
        for (const image of processed) {
          const name = await storage.save(upload.folder, image.extension, image.bytes);
          saved.push({ folder: upload.folder, name });
          uploads[upload.field] = [...(uploads[upload.field] ?? []), imageUrl(upload.folder, name)];
        }
        if (upload.column) extraValues[upload.column] = uploads[upload.field]?.[0];
      }
      return writeRow(tx, definition, write, { uploads, discardFiles }, extraValues);
    });
    await Promise.all(discarded.map((file) => storage.remove(file.folder, file.name)));
    return written;
  } catch (error) {
    await Promise.all(saved.map((file) => storage.remove(file.folder, file.name)));
    throw error;
  }
}

/**
 * Registers store, update/{id} and destroy/{id} (toggle) for a resource. JSON forms: POST store,
 * PUT update. Forms with images: POST for both, multipart/form-data (JSON is taken too).
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
  const hasUploads = (definition.uploads?.length ?? 0) > 0;
  const answerOf = async ({ id, extras }: { id: number; extras: Form }) => {
    const [row] = await loadInOrder(db, definition.list, [id]);
    if (!row) throw notFound();
    return { ...row, ...extras };
  };
  const config = { access: definition.access };
  const tags = [resource];
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
      const { form, images } = await readForm(request, generic, definition.formSchema);
      const write = {
        kind: 'store',
        actorId: requireUser(request).id,
        form,
        imageCounts: countsOf(images),
      } as const;
      return reply
        .status(201)
        .send(await answerOf(await writeWithImages(db, app.storage, generic, write, images)));
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
      ...bodyOf(updateSchema),
      response: { 200: rowSchema },
    },
    handler: async (request) => {
      const { form, images } = await readForm(request, generic, updateSchema);
      const write = {
        kind: 'update',
        id: request.params.id,
        actorId: requireUser(request).id,
        form,
        imageCounts: countsOf(images),
      } as const;
      return answerOf(await writeWithImages(db, app.storage, generic, write, images));
    },
  });

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
      const write = { kind: 'destroy', id: request.params.id, actorId: requireUser(request).id } as const;
      return answerOf(await db.transaction((tx) => writeRow(tx as unknown as Database, generic, write)));
    },
  );
}
