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

/**
 * Text whose every character is one glyph that no OpenType feature of DejaVu Sans changes, except
 * kerning and the optional f-ligatures: Latin (č ć š ž đ …), Greek, Cyrillic, punctuation, currency,
 * arrows, math, box drawing and other symbols. Anything else (combining marks, Arabic, Hebrew,
 * Indic scripts, zero-width joiners, emoji …) goes through pdfkit's full layout engine.
 */
const NEEDS_LAYOUT =
  /[^ -\u02FF\u0370-\u0482\u048A-\u052F\u1E00-\u1FFF\u2000-\u200A\u2010-\u2027\u202F-\u205F\u20A0-\u20CF\u2100-\u2147\u214A-\u23FF\u2460-\u27BF]/;

/** True when the text can be set glyph by glyph (`PdfFont.encode`). */
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
const UNKNOWN = -1;

/** One byte of a PDF literal string: the string's delimiters, backslash and line ends escaped. */
function stringByte(byte: number): string {
  switch (byte) {
    case 0x28:
      return '\\(';
    case 0x29:
      return '\\)';
    case 0x5c:
      return '\\\\';
    case 0x0a:
      return '\\n';
    case 0x0d:
      return '\\r';
    default:
      return String.fromCharCode(byte);
  }
}

/**
 * A font embedded in the document that sets simple text itself: each character's glyph is looked up
 * once in the font's character map and added to pdfkit's subset (with its width and code point, so
 * the PDF's widths and ToUnicode map stay complete); a line of text is then the concatenation of its
 * glyphs' two-byte codes. No shaping, no kerning: pdfkit would run fontkit's OpenType layout engine
 * on every word (three quarters of a report's time), for text that DejaVu Sans sets one glyph per
 * character anyway. Widths are the sums of the same advances, so what was measured is what is drawn.
 */
export class PdfFont {
  readonly path: string;
  readonly id: string;
  /** The baseline below the top of a line, in thousandths of the font size. */
  readonly ascender: number;
  readonly #embedded: EmbeddedFont;
  /** By UTF-16 code unit: the advance in thousandths of the font size, UNKNOWN until first used. */
  readonly #advances = new Float64Array(0x10000).fill(UNKNOWN);
  /** By UTF-16 code unit: the glyph's code as the bytes of a PDF literal string ('' for none). */
  readonly #codes: string[] = [];
  /** Advances of characters beyond the BMP (measured only: such text is set by pdfkit). */
  readonly #astral = new Map<number, number>();

  constructor(doc: PdfDocument, path: string) {
    doc.font(path);
    this.#embedded = (doc as unknown as { _font: EmbeddedFont })._font;
    this.path = path;
    this.id = this.#embedded.id;
    this.ascender = this.#embedded.ascender;
  }

  /** Adds the character's glyph to the subset and remembers its advance; gives the advance. */
  #learn(codePoint: number): number {
    let advance = 0;
    let code = '';
    if (codePoint !== SOFT_HYPHEN) {
      // A soft hyphen shows only where a line breaks at it, which ours never do.
      const font = this.#embedded;
      const glyph = font.font.glyphForCodePoint(codePoint);
      advance = glyph.advanceWidth * font.scale;
      if (codePoint > 0xffff) {
        this.#astral.set(codePoint, advance);
        return advance;
      }
      const id = font.subset.includeGlyph(glyph.id);
      font.widths[id] ??= advance;
      font.unicode[id] ??= [codePoint];
      code = stringByte(id >> 8) + stringByte(id & 0xff);
    }
    this.#advances[codePoint] = advance;
    this.#codes[codePoint] = code;
    return advance;
  }

  /** The text's width at `size` points: the sum of its characters' advances. */
  width(text: string, size: number): number {
    const advances = this.#advances;
    let total = 0;
    for (let index = 0; index < text.length; index += 1) {
      const unit = text.charCodeAt(index);
      if (unit >= 0xd800 && unit < 0xdc00 && index + 1 < text.length) {
        const codePoint = text.codePointAt(index) ?? unit;
        if (codePoint > 0xffff) {
          index += 1;
          total += this.#astral.get(codePoint) ?? this.#learn(codePoint);
          continue;
        }
      }
      const advance = advances[unit] ?? UNKNOWN;
      total += advance === UNKNOWN ? this.#learn(unit) : advance;
    }
    return (total * size) / 1000;
  }

  /** A simple text's glyph codes, as the inside of a PDF literal string: `(${encoded}) Tj`. */
  encode(text: string): string {
    const codes = this.#codes;
    let encoded = '';
    for (let index = 0; index < text.length; index += 1) {
      const unit = text.charCodeAt(index);
      let code = codes[unit];
      if (code === undefined) {
        this.#learn(unit);
        code = codes[unit] ?? '';
      }
      encoded += code;
    }
    return encoded;
  }

  /** Names the font in the page's resources (once per page), as pdfkit does before it sets text. */
  useOn(doc: PdfDocument): void {
    const fonts = (doc as unknown as { page: { fonts: Record<string, unknown> } }).page.fonts;
    fonts[this.id] ??= this.#embedded.ref();
  }
}
