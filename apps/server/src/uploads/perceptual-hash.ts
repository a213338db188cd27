import { loadSharp } from './sharp.ts';

/** The picture is shrunk to this square, grey, before its frequencies are taken. */
const SIZE = 32;
/** The lowest 8 × 8 frequencies make the 64 bits. */
const LOW = 8;
/** Below this, no frequency is more than rounding: about a tenth of a grey level over the picture. */
const FLAT = 64;

/** cos((2x + 1) u π / 2N) for every x and u: the DCT's basis, computed once. */
const COSINES = Array.from({ length: LOW }, (_, u) =>
  Float64Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))),
);

/**
 * A 64-bit perceptual hash (pHash) of an image: grey, shrunk to 32 × 32, the lowest 8 × 8
 * frequencies of its discrete cosine transform, one bit per frequency (above their median or
 * not). The same picture re-encoded, resized or recompressed keeps its hash within a few bits;
 * unrelated pictures differ in about 32. Signed, as PostgreSQL's bigint holds it (ad_photos.phash).
 * Null for a picture of (nearly) one colour: it has no frequencies to tell it by, and every such
 * picture would otherwise hash alike and pass for a reused photo.
 */
export async function perceptualHash(bytes: Buffer): Promise<bigint | null> {
  const sharp = await loadSharp();
  const pixels = await sharp(bytes)
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(SIZE, SIZE, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  // Rows first, then columns: LOW × SIZE, then LOW × LOW.
  const rows = Array.from({ length: SIZE }, (_, y) =>
    COSINES.map((basis) => {
      let sum = 0;
      for (let x = 0; x < SIZE; x++) sum += (pixels[y * SIZE + x] ?? 0) * (basis[x] ?? 0);
      return sum;
    }),
  );
  const frequencies: number[] = [];
  for (let v = 0; v < LOW; v++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < SIZE; y++) sum += (rows[y]?.[u] ?? 0) * (COSINES[v]?.[y] ?? 0);
      frequencies.push(sum);
    }
  }
  if (Math.max(...frequencies.slice(1).map(Math.abs)) < FLAT) return null;
  // The median leaves out the constant term (the picture's mean brightness), which would skew it.
  const sorted = frequencies.slice(1).sort((a, b) => a - b);
  const median = ((sorted[31] ?? 0) + (sorted[32] ?? 0)) / 2;
  let hash = 0n;
  for (const frequency of frequencies) hash = (hash << 1n) | (frequency > median ? 1n : 0n);
  return BigInt.asIntN(64, hash);
}

/** How many of the 64 bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (rest > 0n) {
    count += Number(rest & 1n);
    rest >>= 1n;
  }
  return count;
}
