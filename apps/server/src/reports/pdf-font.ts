import type PDFDocument from 'pdfkit';

type PdfDocument = InstanceType<typeof PDFDocument>;

/** The parts of pdfkit's embedded TrueType font (its EmbeddedFont) this file uses; not in its types. */
type EmbeddedFont = {
  id: string;
  font: { glyphForCodePoint: (codePoint: number) => { id: number; advanceWidth: number } };
  subset: { includeGlyph: (glyphId: number) => number };
  /** Advance widths by subset glyph id, in thousandths of the font size: the PDF's W array. */
  widths: number[];
  /** Code points by subset glyph id: the PDF's ToUnicode map, which makes the text extractable. */
  unicode: number[][];
  /** Thousandths per font unit. */
  scale: number;
  ascender: number;
  ref: () => unknown;
};

type Glyph = {
  /** The glyph's 4-digit hex code in the document's subset (Identity-H), '' for nothing drawn. */
  hex: string;
  /** Advance in thousandths of the font size. */
  advance: number;
};

/**
 * Text whose every character is one glyph that no OpenType feature of DejaVu Sans changes, except
 * kerning and the optional f-ligatures: Latin (č ć š ž đ …), Greek, Cyrillic, punctuation, currency,
 * arrows, math, box drawing and other symbols. Anything else (combining marks, Arabic, Hebrew,
 * Indic scripts, zero-width joiners, emoji …) goes through pdfkit's full layout engine.
 */
const NEEDS_LAYOUT =
  /[^ -\u02FF\u0370-\u0482\u048A-\u052F\u1E00-\u1FFF\u2000-\u200A\u2010-\u2027\u202F-\u205F\u20A0-\u20CF\u2100-\u2147\u214A-\u23FF\u2460-\u27BF]/;

/** True when the text can be set glyph by glyph (`PdfFont.hex`, `PdfFont.width`). */
export function isSimpleText(text: string): boolean {
  return !NEEDS_LAYOUT.test(text);
}

/**
 * The text as a page sets it: tabs as spaces, and in composed form when it is not simple yet
 * (c + ˇ → č), so that more of it becomes simple.
 */
export function composedText(text: string): string {
  const spaced = text.includes('\t') ? text.replaceAll('\t', ' ') : text;
  return isSimpleText(spaced) ? spaced : spaced.normalize('NFC');
}

const SOFT_HYPHEN = 0xad;

/**
 * A font embedded in the document that sets simple text itself: each character's glyph is looked up
 * once in the font's character map and added to pdfkit's subset (with its width and code point, so
 * the PDF's widths and ToUnicode map stay complete), then a line of text is the concatenation of its
 * glyphs' hex codes. No shaping, no kerning: pdfkit would run fontkit's OpenType layout engine on
 * every word (three quarters of a report's time), for text that DejaVu Sans sets one glyph per
 * character anyway. Widths are the sums of the same advances, so what was measured is what is drawn.
 */
export class PdfFont {
  readonly path: string;
  readonly id: string;
  /** The baseline below the top of a line, in thousandths of the font size. */
  readonly ascender: number;
  readonly #embedded: EmbeddedFont;
  readonly #glyphs = new Map<number, Glyph>();

  constructor(doc: PdfDocument, path: string) {
    doc.font(path);
    this.#embedded = (doc as unknown as { _font: EmbeddedFont })._font;
    this.path = path;
    this.id = this.#embedded.id;
    this.ascender = this.#embedded.ascender;
  }

  #glyph(codePoint: number): Glyph {
    let glyph = this.#glyphs.get(codePoint);
    if (glyph !== undefined) return glyph;
    if (codePoint === SOFT_HYPHEN) {
      // Shown only where a line breaks at it, which ours never do.
      glyph = { hex: '', advance: 0 };
    } else {
      const font = this.#embedded;
      const found = font.font.glyphForCodePoint(codePoint);
      const id = font.subset.includeGlyph(found.id);
      const advance = found.advanceWidth * font.scale;
      font.widths[id] ??= advance;
      font.unicode[id] ??= [codePoint];
      glyph = { hex: id.toString(16).padStart(4, '0'), advance };
    }
    this.#glyphs.set(codePoint, glyph);
    return glyph;
  }

  /** The text's width at `size` points: the sum of its glyphs' advances. */
  width(text: string, size: number): number {
    let advance = 0;
    for (let index = 0; index < text.length; index += 1) {
      let codePoint = text.charCodeAt(index);
      if (codePoint >= 0xd800 && codePoint < 0xdc00 && index + 1 < text.length) {
        codePoint = text.codePointAt(index) ?? codePoint;
        if (codePoint > 0xffff) index += 1;
      }
      advance += this.#glyph(codePoint).advance;
    }
    return (advance * size) / 1000;
  }

  /** The glyph codes of a simple text, as the hex digits of a PDF string. */
  hex(text: string): string {
    let hex = '';
    for (let index = 0; index < text.length; index += 1) hex += this.#glyph(text.charCodeAt(index)).hex;
    return hex;
  }

  /** Names the font in the page's resources (once per page), as pdfkit does before it sets text. */
  useOn(doc: PdfDocument): void {
    const fonts = (doc.page as unknown as { fonts: Record<string, unknown> }).fonts;
    fonts[this.id] ??= this.#embedded.ref();
  }
}
