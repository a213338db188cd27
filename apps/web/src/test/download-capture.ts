import { afterEach, beforeEach, vi } from 'vitest';

/** A file the app handed to the browser to save. */
export type SavedDownload = { fileName: string; href: string; blob: Blob | undefined };

/**
 * The browser side of downloads in every test of the file: object URLs and the link click are
 * recorded into the returned list (emptied before each test) and put back after it.
 */
export function captureDownloads(): SavedDownload[] {
  const saved: SavedDownload[] = [];
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    saved.length = 0;
    const blobs = new Map<string, Blob>();
    let next = 0;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      const href = `blob:test/${next++}`;
      blobs.set(href, blob);
      return href;
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({
        fileName: this.download,
        href: this.getAttribute('href') ?? '',
        blob: blobs.get(this.href),
      });
    });
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    vi.restoreAllMocks();
  });
  return saved;
}
