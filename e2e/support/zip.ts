import { inflateRawSync } from 'node:zlib';

/**
 * Reads one file out of a zip archive (an xlsx or docx report) through its central directory, so
 * that archives written with data descriptors work too. Null when the archive has no such entry.
 */
export function readZipEntry(archive: Buffer, name: string): string | null {
  const endOfDirectory = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endOfDirectory < 0) throw new Error('not a zip archive');
  const entries = archive.readUInt16LE(endOfDirectory + 10);
  let at = archive.readUInt32LE(endOfDirectory + 16);
  for (let i = 0; i < entries; i++) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('broken zip central directory');
    const method = archive.readUInt16LE(at + 10);
    const compressedSize = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localHeader = archive.readUInt32LE(at + 42);
    const entryName = archive.toString('utf8', at + 46, at + 46 + nameLength);
    if (entryName === name) {
      const dataStart =
        localHeader + 30 + archive.readUInt16LE(localHeader + 26) + archive.readUInt16LE(localHeader + 28);
      const data = archive.subarray(dataStart, dataStart + compressedSize);
      return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return null;
}
