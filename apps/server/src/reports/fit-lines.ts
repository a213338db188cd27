const ELLIPSIS = '…';

/** Text beyond this many characters can never show in a cell, even one a page high. */
const LONGEST_TEXT = 20_000;

/**
 * The width of a text as the sum of its characters' widths (no kerning), which is how the pdf
 * measures and sets text: so a line's width is its words' widths plus its spaces', and no line is
 * measured twice.
 */
export type Measure = (text: string) => number;

/**
 * The text as at most `maxLines` lines no wider than `width`: wrapped at spaces, over-long words
 * broken, and the last line ended with an ellipsis when something had to be left out.
 */
export function fitLines(text: string, width: number, maxLines: number, measure: Measure): string[] {
  let cut = text.length > LONGEST_TEXT;
  const source = cut ? text.slice(0, LONGEST_TEXT) : text;
  if (!source.includes('\n') && !source.includes('\r') && measure(source) <= width) return [source];
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
  measure: Measure,
  lines: string[],
): boolean {
  const start = lines.length;
  const full = () => lines.length - start >= room;
  const space = measure(' ');
  let line = '';
  let lineWidth = 0;
  for (const word of paragraph.split(/[ \t]+/)) {
    if (word === '') continue;
    const wordWidth = measure(word);
    if (line !== '' && lineWidth + space + wordWidth <= width) {
      line = `${line} ${word}`;
      lineWidth += space + wordWidth;
      continue;
    }
    if (line !== '') {
      lines.push(line);
      if (full()) return true;
    }
    line = word;
    lineWidth = wordWidth;
    while (lineWidth > width) {
      const [head, rest] = splitToWidth(line, width, measure);
      lines.push(head);
      if (full()) return true;
      line = rest;
      lineWidth = measure(rest);
    }
  }
  if (line !== '' || lines.length === start) lines.push(line);
  return false;
}

/** The longest start of the word that fits (at least one character) and the remainder. */
function splitToWidth(word: string, width: number, measure: Measure): [string, string] {
  let end = 0;
  let used = 0;
  for (const char of word) {
    const next = used + measure(char);
    if (next > width && end > 0) break;
    used = next;
    end += char.length;
  }
  return [word.slice(0, end), word.slice(end)];
}

function withEllipsis(line: string, width: number, measure: Measure): string {
  const room = width - measure(ELLIPSIS);
  let end = 0;
  let used = 0;
  for (const char of line.trimEnd()) {
    used += measure(char);
    if (used > room) break;
    end += char.length;
  }
  return `${line.slice(0, end).trimEnd()}${ELLIPSIS}`;
}
