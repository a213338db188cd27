const ELLIPSIS = '…';

/** Text beyond this many characters can never show in a cell of a few lines. */
const LONGEST_TEXT = 1000;

/**
 * The text as at most `maxLines` lines no wider than `width`: wrapped at spaces, over-long words
 * broken, and the last line ended with an ellipsis when something had to be left out.
 */
export function fitLines(
  text: string,
  width: number,
  maxLines: number,
  measure: (text: string) => number,
): string[] {
  let cut = text.length > LONGEST_TEXT;
  const source = cut ? text.slice(0, LONGEST_TEXT) : text;
  if (!source.includes('\n') && measure(source) <= width) return [source];
  const lines: string[] = [];
  for (const paragraph of source.split(/\r\n|\r|\n/)) {
    if (lines.length >= maxLines) {
      cut = true;
      break;
    }
    if (wrapParagraph(paragraph, width, maxLines - lines.length, measure, lines)) cut = true;
  }
  if (cut && lines.length > 0) {
    const last = lines.length - 1;
    lines[last] = withEllipsis(lines[last] ?? '', width, measure);
  }
  return lines;
}

/** Appends the paragraph's lines (at most `room`); true when some of it did not fit. */
function wrapParagraph(
  paragraph: string,
  width: number,
  room: number,
  measure: (text: string) => number,
  lines: string[],
): boolean {
  const start = lines.length;
  const full = () => lines.length - start >= room;
  let line = '';
  for (const word of paragraph.split(/[ \t]+/)) {
    if (word === '') continue;
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') {
      lines.push(line);
      if (full()) return true;
    }
    line = word;
    while (measure(line) > width) {
      const [head, rest] = splitToWidth(line, width, measure);
      lines.push(head);
      if (full()) return true;
      line = rest;
    }
  }
  if (line !== '' || lines.length === start) lines.push(line);
  return false;
}

/** The longest start of the word that fits (at least one character) and the remainder. */
function splitToWidth(word: string, width: number, measure: (text: string) => number): [string, string] {
  const chars = Array.from(word);
  let low = 1;
  let high = chars.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(chars.slice(0, middle).join('')) <= width) low = middle;
    else high = middle - 1;
  }
  return [chars.slice(0, low).join(''), chars.slice(low).join('')];
}

function withEllipsis(line: string, width: number, measure: (text: string) => number): string {
  const chars = Array.from(line.trimEnd());
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure(`${chars.slice(0, middle).join('').trimEnd()}${ELLIPSIS}`) <= width) low = middle;
    else high = middle - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}${ELLIPSIS}`;
}
