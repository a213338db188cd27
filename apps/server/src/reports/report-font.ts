import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * DejaVu Sans Condensed from the `dejavu-fonts-ttf` package: full TrueType files with Latin
 * Extended-A (č ć š ž đ and capitals), which pdfkit's built-in fonts lack; condensed fits more
 * columns on a page. pdfkit embeds only the glyphs used.
 */
export const REPORT_FONT = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf'),
} as const;
