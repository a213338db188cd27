/**
 * A fast text width: the sum of each character's advance, each measured once with `widthOf`.
 * It ignores kerning, which only ever narrows text, so what it says fits does fit. Measuring every
 * candidate line through pdfkit would shape (and cache) each one with the font's full layout engine.
 */
export function createTextMeasure(widthOf: (char: string) => number): (text: string) => number {
  const advances = new Map<string, number>();
  return (text) => {
    let width = 0;
    for (const char of text) {
      let advance = advances.get(char);
      if (advance === undefined) {
        advance = widthOf(char);
        advances.set(char, advance);
      }
      width += advance;
    }
    return width;
  };
}
