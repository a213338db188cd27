/**
 * sharp (libvips), loaded on first use: an upload's image or a photo's hash. Its native library and
 * module are tens of MB of memory that a server which never receives an image would hold from its
 * start. The one place sharp is imported; the first caller's import is shared by the others.
 */
import type sharpModule from 'sharp';

export type Sharp = typeof sharpModule;

let loading: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
