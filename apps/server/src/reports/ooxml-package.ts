import type { PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';
import { xmlEscape } from './xml-escape.ts';

/** What the xlsx and docx writers share: an Office Open XML package (a zip of XML parts). */

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
export const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
export const OFFICE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
/** The prefix of every Office document part's content type. */
export const OFFICE_TYPE = 'application/vnd.openxmlformats-officedocument';

/** A part of the package: its path, and its content type unless it is a relationships part. */
export type PackagePart = { name: string; contentType?: string };

const CORE_PART = 'docProps/core.xml';

/** docProps/core.xml: the title, who made it or its language, and when (W3CDTF, whole seconds). */
function coreXml(title: string, created: Date, about: { creator?: string; language?: string }): string {
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

/** [Content_Types].xml: the defaults for relationships and XML, and each typed part's own. */
function contentTypesXml(parts: PackagePart[]): string {
  const overrides = parts
    .filter((part) => part.contentType !== undefined)
    .map((part) => `<Override PartName="/${part.name}" ContentType="${part.contentType}"/>`)
    .join('');
  return `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
${overrides}\
<Override PartName="/${CORE_PART}" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>\
</Types>`;
}

/** _rels/.rels: the main document part and the core properties. */
function packageRelsXml(mainPart: string): string {
  return `${XML_HEAD}<Relationships xmlns="${REL_NS}">\
<Relationship Id="rId1" Type="${OFFICE_REL}/officeDocument" Target="${mainPart}"/>\
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="${CORE_PART}"/>\
</Relationships>`;
}

/**
 * Zips a package into `output`, at the reader's pace: the document's fixed parts, the one part
 * written row by row, and what every package has (content types, its relationships to the main
 * part and to the core properties, which say the title, the creator or language and the date).
 * Resolves when the file is written, or when the reader went away: then the streamed part is
 * destroyed, which stops reading rows and closes their source. The reader may have gone already
 * (while a sample of rows was read), and then 'close' was emitted before anyone listened.
 */
export async function writePackage(
  output: PassThrough,
  {
    created,
    title,
    about,
    mainPart,
    parts,
    streamed,
  }: {
    created: Date;
    title: string;
    about: { creator?: string; language?: string };
    mainPart: string;
    parts: (PackagePart & { xml: string })[];
    streamed: PackagePart & { xml: Readable };
  },
): Promise<void> {
  const zip = new yazl.ZipFile();
  const add = (name: string, xml: string) =>
    zip.addBuffer(Buffer.from(xml, 'utf8'), name, { mtime: created });
  add('[Content_Types].xml', contentTypesXml([...parts, streamed]));
  add('_rels/.rels', packageRelsXml(mainPart));
  add(CORE_PART, coreXml(title, created, about));
  for (const { name, xml } of parts) add(name, xml);
  zip.addReadStream(streamed.xml, streamed.name, { mtime: created });
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
