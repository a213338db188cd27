import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploads live; each has its own folder, as the image URLs of SPEC.md 7 name them. */
export const UPLOAD_FOLDERS = ['user_images', 'service_icons', 'jobs_images'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

export const isUploadFolder = (value: string): value is UploadFolder =>
  (UPLOAD_FOLDERS as readonly string[]).includes(value);

/** Stored names are generated, never the client's: a UUID and the extension of the real format. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;
export const isStoredName = (name: string) => STORED_NAME.test(name);

/** `/api/image/<folder>/<name>` → where the file is, when the URL is one of ours. */
export function storedFileOf(url: unknown): { folder: UploadFolder; name: string } | null {
  if (typeof url !== 'string') return null;
  const [, , , folder = '', name = ''] = url.split('/');
  return isUploadFolder(folder) && isStoredName(name) ? { folder, name } : null;
}

export type StoredFile = { stream: Readable; size: number; contentType: 'image/png' | 'image/jpeg' };

/** A stored file's type, as its generated name says it. */
export const contentTypeOf = (name: string): StoredFile['contentType'] =>
  name.endsWith('.png') ? 'image/png' : 'image/jpeg';

/**
 * Files by folder and generated name: on the disk (below) by default, or in an S3-compatible
 * bucket (s3-storage.ts) behind the same three calls; uploads/configured-storage.ts picks one.
 */
export type FileStorage = {
  /** Stores the bytes under a new name and returns that name. */
  save: (folder: UploadFolder, extension: 'png' | 'jpg', bytes: Buffer) => Promise<string>;
  /** Removes a file; one that is already gone is no error. */
  remove: (folder: UploadFolder, name: string) => Promise<void>;
  /** The file, or null when there is none by that name. */
  open: (folder: UploadFolder, name: string) => Promise<StoredFile | null>;
};

export function createDiskStorage(root: string): FileStorage {
  const fileOf = (folder: UploadFolder, name: string) => {
    if (!isStoredName(name)) throw new Error(`not a stored file name: ${name}`);
    return path.join(root, folder, name);
  };
  return {
    async save(folder, extension, bytes) {
      const name = `${randomUUID()}.${extension}`;
      await fs.promises.mkdir(path.join(root, folder), { recursive: true });
      // Written aside and renamed: a reader never sees half a file.
      const file = fileOf(folder, name);
      await fs.promises.writeFile(`${file}.part`, bytes, { flag: 'wx' });
      await fs.promises.rename(`${file}.part`, file);
      return name;
    },
    async remove(folder, name) {
      await fs.promises.rm(fileOf(folder, name), { force: true });
    },
    async open(folder, name) {
      if (!isStoredName(name)) return null;
      const file = fileOf(folder, name);
      try {
        const stat = await fs.promises.stat(file);
        if (!stat.isFile()) return null;
        return {
          stream: fs.createReadStream(file),
          size: stat.size,
          contentType: contentTypeOf(name),
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
