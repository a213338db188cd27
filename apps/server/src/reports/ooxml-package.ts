import type { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import { xmlEscape } from './xml-escape.ts';

/** What the xlsx and docx writers share: an Office Open XML package (a zip of XML parts). */

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
export const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
export const OFFICE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** docProps/core.xml: the title, who made it or its language, and when (W3CDTF, whole seconds). */
export function coreXml(
  title: string,
  created: Date,
  about: { creator?: string; language?: string },
): string {
  const when = created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const creator = about.creator === undefined ? '' : `<dc:creator>${xmlEscape(about.creator)}</dc:creator>`;
  const language =
    about.language === undefined ? '' : `<dc:language>${xmlEscape(about.language)}</dc:language>`;
  return `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" \
xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" \
xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\
${creator}<dc:title>${xmlEscape(title)}</dc:title>${language}\
<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created>\
<dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified>\
</cp:coreProperties>`;
}

/**
 * Zips the fixed parts and the one part written row by row into `output`, at the reader's pace.
 * Resolves when the file is written, or when the reader went away: then the streamed part is
 * destroyed, which stops reading rows and closes their source. The reader may have gone already
 * (while a sample of rows was read), and then 'close' was emitted before anyone listened.
 */
export async function writePackage(
  output: PassThrough,
  {
    mtime,
    parts,
    streamed,
  }: { mtime: Date; parts: [name: string, xml: string][]; streamed: { name: string; xml: Readable } },
): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const [name, xml] of parts) zip.addBuffer(Buffer.from(xml, 'utf8'), name, { mtime });
  zip.addReadStream(streamed.xml, streamed.name, { mtime });
  zip.end();
  await new Promise<void>((resolve, reject) => {
    streamed.xml.on('error', reject);
    zip.on('error', reject);
    const stop = () => {
      streamed.xml.destroy();
      resolve();
    };
    if (output.destroyed) return stop();
    output.on('close', stop);
    output.on('finish', resolve);
    zip.outputStream.pipe(output);
  });
}
