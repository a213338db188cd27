import type PDFDocument from 'pdfkit';
import { isSimpleText, type PdfFont } from './pdf-font.ts';

type PdfDocument = InstanceType<typeof PDFDocument>;
/**
 * pdfkit writes content to the current page; public but not in its types. Bytes are taken as they
 * are (a string would be copied into bytes by a loop in JavaScript).
 */
type WithContent = { addContent: (content: Uint8Array) => unknown };

/** A number rounded to a hundredth of a point, finer than any printer. */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A number as a PDF operand. */
function num(value: number): string {
  return String(round(value));
}

/** '#1a1a1a' as the operands of rg/RG. */
function rgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return [16, 8, 0].map((shift) => num(((value >> shift) & 0xff) / 255)).join(' ');
}

/**
 * Draws on the current page of a pdfkit document by writing the content operators itself, in page
 * coordinates (origin top left, as pdfkit's): rectangles, rules and lines of text, gathered into
 * one `q … Q` group per flush, a single chunk of pdfkit's page stream. pdfkit's own drawing calls
 * cost an object, a string and a Uint8Array per operator, and its text() shapes every word.
 * Lines of text in one text object are placed relative to the one before (Td), their glyphs as
 * binary strings: half the bytes of pdfkit's hex strings for the page's compression to read.
 * Text that is not simple (see pdf-font.ts) is still set by pdfkit's text().
 */
export class PdfPainter {
  readonly #doc: PdfDocument;
  #ops: string[] = [];
  #inText = false;
  #font: PdfFont | null = null;
  #size = 0;
  #fill = '';
  /** The start of the last line set in the current text object (rounded, as written), if any. */
  #hasLine = false;
  #lineX = 0;
  #lineY = 0;
  #colors = new Map<string, string>();

  constructor(doc: PdfDocument) {
    this.#doc = doc;
  }

  #rgb(color: string): string {
    let operands = this.#colors.get(color);
    if (operands === undefined) {
      operands = rgb(color);
      this.#colors.set(color, operands);
    }
    return operands;
  }

  #setFill(color: string): void {
    if (this.#fill === color) return;
    this.#fill = color;
    this.#ops.push(`${this.#rgb(color)} rg`);
  }

  #endText(): void {
    if (!this.#inText) return;
    this.#ops.push('ET');
    this.#inText = false;
  }

  fillRect(x: number, y: number, width: number, height: number, color: string): void {
    this.#endText();
    this.#setFill(color);
    this.#ops.push(`${num(x)} ${num(y)} ${num(width)} ${num(height)} re f`);
  }

  /** A horizontal rule from x1 to x2 at y. */
  rule(x1: number, x2: number, y: number, lineWidth: number, color: string): void {
    this.#endText();
    this.#ops.push(
      `${num(lineWidth)} w ${this.#rgb(color)} RG ${num(x1)} ${num(y)} m ${num(x2)} ${num(y)} l S`,
    );
  }

  /** One line of text whose top left corner is at (x, top). */
  text(font: PdfFont, size: number, color: string, x: number, top: number, text: string): void {
    if (text === '') return;
    if (!isSimpleText(text)) {
      this.flush();
      this.#doc.font(font.path).fontSize(size).fillColor(color);
      this.#doc.text(text, x, top, { lineBreak: false });
      return;
    }
    if (!this.#inText) {
      this.#ops.push('BT');
      this.#inText = true;
      this.#hasLine = false;
      this.#font = null;
    }
    if (this.#font !== font || this.#size !== size) {
      font.useOn(this.#doc);
      this.#font = font;
      this.#size = size;
      this.#ops.push(`/${font.id} ${num(size)} Tf`);
    }
    this.#setFill(color);
    const lineX = round(x);
    const lineY = round(top + (font.ascender * size) / 1000);
    const glyphs = `(${font.encode(text)}) Tj`;
    if (this.#hasLine) {
      // From the last line's start; text space runs upwards (see below), so y is negated.
      this.#ops.push(`${num(lineX - this.#lineX)} ${num(this.#lineY - lineY)} Td ${glyphs}`);
    } else {
      // The page's coordinates run downwards: the text matrix turns the glyphs upright again.
      this.#ops.push(`1 0 0 -1 ${lineX} ${lineY} Tm ${glyphs}`);
    }
    this.#hasLine = true;
    this.#lineX = lineX;
    this.#lineY = lineY;
  }

  /** Writes what was drawn since the last flush to the page, leaving pdfkit's graphics state as it was. */
  flush(): void {
    this.#endText();
    if (this.#ops.length > 0) {
      const content = `q\n${this.#ops.join('\n')}\nQ\n`;
      (this.#doc as unknown as WithContent).addContent(Buffer.from(content, 'latin1'));
      this.#ops = [];
    }
    this.#font = null;
    this.#size = 0;
    this.#fill = '';
  }
}
