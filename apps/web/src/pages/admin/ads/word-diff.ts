/** A run of a text diff: kept, deleted (only in the old text) or inserted (only in the new one). */
export type DiffPart = { kind: 'same' | 'deleted' | 'inserted'; text: string };

/** Above this many word pairs the texts are shown as wholly replaced (the table would be too big). */
const MAX_CELLS = 2_000_000;

/** Words and the whitespace between them, each a token, so that joining them gives the text back. */
const tokensOf = (text: string) => text.split(/(\s+)/).filter((token) => token !== '');

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string) {
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/**
 * The changed words of two texts (a longest common subsequence of words and whitespace): what was
 * kept, deleted and inserted, in reading order, deletions before the insertions that replace them.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const a = tokensOf(before);
  const b = tokensOf(after);
  if (a.length * b.length > MAX_CELLS) {
    const parts: DiffPart[] = [];
    if (before) parts.push({ kind: 'deleted', text: before });
    if (after) parts.push({ kind: 'inserted', text: after });
    return parts;
  }
  // lengths[i][j]: the longest common run of a[i..] and b[j..], in one flat array.
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(parts, 'same', a[i] ?? '');
      i++;
      j++;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      push(parts, 'deleted', a[i++] ?? '');
    } else {
      push(parts, 'inserted', b[j++] ?? '');
    }
  }
  while (i < a.length) push(parts, 'deleted', a[i++] ?? '');
  while (j < b.length) push(parts, 'inserted', b[j++] ?? '');
  return withSpacesOutside(parts);
}

/** A change's trailing space belongs to the kept text after it: only words are marked. */
function withSpacesOutside(parts: DiffPart[]): DiffPart[] {
  const result: DiffPart[] = [];
  parts.forEach((part, index) => {
    const next = parts[index + 1];
    const space = /\s+$/.exec(part.text)?.[0] ?? '';
    if (part.kind === 'same' || space === '' || space === part.text || next?.kind !== 'same') {
      push(result, part.kind, part.text);
      return;
    }
    push(result, part.kind, part.text.slice(0, -space.length));
    next.text = space + next.text;
  });
  return result;
}
