import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import { MAX_IMAGE_BYTES } from './image-upload.ts';

export type MultipartForm = {
  /** Text fields by name; a name sent twice keeps its last value. */
  fields: Record<string, string>;
  /** Files by field name, in the order sent; `photos[0]`, `photos[1]` are both under `photos`. */
  files: Record<string, Buffer[]>;
};

export type MultipartLimits = {
  /** The file fields a form takes, each with how many files it may hold. */
  files: Record<string, number>;
  maxFields?: number;
  maxFieldBytes?: number;
};

/** A part's boundary and headers (name, file name, type) take at most this much besides its value. */
const PART_OVERHEAD_BYTES = 1024;

/** `photos[3]` → `photos`: the spec's forms index repeated files. */
const fieldGroup = (name: string) => name.replace(/\[\d{1,3}\]$/, '');

/**
 * Reads a multipart form with bounds on everything the client controls: the number of fields and
 * files, each field's length, each file's size (2 MB), and only the file fields the form names.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  { files: allowedFiles, maxFields = 60, maxFieldBytes = 64 * 1024 }: MultipartLimits,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type');
  const maxFiles = Object.values(allowedFiles).reduce((sum, count) => sum + count, 0);
  // A body larger than the whole form may be is refused from its Content-Length, unread.
  const maxBytes =
    maxFiles * (MAX_IMAGE_BYTES + PART_OVERHEAD_BYTES) + maxFields * (maxFieldBytes + PART_OVERHEAD_BYTES);
  if (Number(request.headers['content-length']) > maxBytes) throw new AppError(413, 'payload_too_large');
  const form: MultipartForm = { fields: {}, files: {} };
  try {
    const parts = request.parts({
      limits: {
        fields: maxFields,
        fieldSize: maxFieldBytes,
        files: maxFiles,
        // One byte over the limit tells a file that is too large from one that is exactly 2 MB.
        fileSize: MAX_IMAGE_BYTES + 1,
        parts: maxFields + maxFiles,
      },
    });
    for await (const part of parts) {
      const group = fieldGroup(part.fieldname);
      if (part.type === 'field') {
        if (part.valueTruncated) throw new AppError(413, 'field_too_long', {}, group);
        form.fields[part.fieldname] = String(part.value);
        continue;
      }
      const allowed = allowedFiles[group];
      const held = form.files[group] ?? [];
      if (allowed === undefined) throw new AppError(422, 'unexpected_file', {}, group);
      if (held.length >= allowed) throw new AppError(413, 'too_many_files', { max: allowed }, group);
      const bytes = await part.toBuffer();
      // An empty file input (the form sent no file) is no file.
      if (bytes.length > 0) form.files[group] = [...held, bytes];
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const field = (error as { part?: { fieldname?: string } }).part?.fieldname;
      throw new AppError(413, 'image_too_large', { max: 2 }, field ? fieldGroup(field) : undefined);
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError(413, 'too_many_files', { max: maxFiles });
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError(413, 'payload_too_large');
    throw error;
  }
  return form;
}
