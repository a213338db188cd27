import { describe, expect, it } from 'vitest';
import { fitLines } from '../src/reports/fit-lines.ts';
import { numberFormatter } from '../src/reports/report-texts.ts';

/** One unit per character, two for W: additive, as the pdf's measure is. */
const measure = (text: string) => Array.from(text).reduce((sum, char) => sum + (char === 'W' ? 2 : 1), 0);

describe('fitLines', () => {
  it('keeps text that fits as it is', () => {
    expect(fitLines('Šćepan Žižić', 12, 3, measure)).toEqual(['Šćepan Žižić']);
    expect(fitLines('', 5, 3, measure)).toEqual(['']);
  });

  it('wraps at spaces, never wider than the width', () => {
    const lines = fitLines('čćš žđ ČĆŠ ŽĐ čć', 7, 5, measure);
    expect(lines).toEqual(['čćš žđ', 'ČĆŠ ŽĐ', 'čć']);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(7);
  });

  it('breaks a word longer than the line, counting wide letters', () => {
    expect(fitLines('abcdefghij', 4, 5, measure)).toEqual(['abcd', 'efgh', 'ij']);
    expect(fitLines('WWWWW', 4, 5, measure)).toEqual(['WW', 'WW', 'W']);
    // A character wider than the line still goes on a line of its own.
    expect(fitLines('WaW', 1, 5, measure)).toEqual(['W', 'a', 'W']);
  });

  it('cuts after the last line allowed, with an ellipsis that fits', () => {
    const lines = fitLines('jedan dva tri četiri pet šest sedam', 9, 2, measure);
    expect(lines).toEqual(['jedan dva', 'tri…']);
    expect(measure(lines[1] ?? '')).toBeLessThanOrEqual(9);
    // A word broken at the end is cut where the ellipsis still fits.
    expect(fitLines('abcdefghijklmnop', 5, 2, measure)).toEqual(['abcde', 'fghi…']);
  });

  it('keeps line breaks of the text, within the lines allowed', () => {
    expect(fitLines('prvi\r\ndrugi\ntreći', 10, 5, measure)).toEqual(['prvi', 'drugi', 'treći']);
    expect(fitLines('prvi\ndrugi\ntreći', 10, 2, measure)).toEqual(['prvi', 'drugi…']);
  });
});

describe('numberFormatter', () => {
  it("writes numbers as Intl does, in the language's decimal mark, without grouping", () => {
    const values = [0, -0, 1, -12, 1.25, -3.5, 0.1, 1 / 3, 2 ** 53, 1e20, 1e21, 1e-7, 123456.789, 5e-324];
    for (let index = 0; index < 2000; index += 1) {
      values.push((index * 7919) / 100, ((index % 97) - 48) * 10 ** ((index % 30) - 12), index * 1e6 + 0.5);
    }
    for (const lang of ['me', 'en'] as const) {
      const intl = new Intl.NumberFormat(lang === 'me' ? 'sr-Latn-ME' : 'en-GB', {
        useGrouping: false,
        maximumFractionDigits: 20,
      });
      const format = numberFormatter(lang);
      for (const value of values) expect(format(value)).toBe(intl.format(value));
    }
    expect(numberFormatter('me')(1234.5)).toBe('1234,5');
    expect(numberFormatter('en')(1234.5)).toBe('1234.5');
    expect(numberFormatter('me')(Number.NaN)).toBe('NaN');
  });
});
