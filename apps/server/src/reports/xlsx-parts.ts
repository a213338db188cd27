import { OFFICE_REL, R_NS, REL_NS, XML_HEAD } from './ooxml-package.ts';
import { xmlEscape } from './xml-escape.ts';

/** The fixed parts of a SpreadsheetML package around xl/worksheets/sheet1.xml. */

export const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** Cell style indexes of STYLES_XML's cellXfs. */
export const STYLE = { normal: 0, bold: 1, dateTime: 2, day: 3, money: 4 } as const;

export const WORKBOOK_RELS_XML = `${XML_HEAD}<Relationships xmlns="${REL_NS}">\
<Relationship Id="rId1" Type="${OFFICE_REL}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${OFFICE_REL}/styles" Target="styles.xml"/>\
</Relationships>`;

/**
 * Calibri 11 as Excel's own default, the same in bold for the header row, moments as Montenegro's
 * 'dd.mm.yyyy HH:mm' (a day 'dd.mm.yyyy') and money with two decimals (built-in format 4, '#,##0.00').
 */
export const STYLES_XML = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">\
<numFmts count="2"><numFmt numFmtId="164" formatCode="dd.mm.yyyy hh:mm"/>\
<numFmt numFmtId="165" formatCode="dd.mm.yyyy"/></numFmts>\
<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>\
<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
</styleSheet>`;

export function workbookXml(sheetName: string): string {
  return `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${R_NS}">\
<sheets><sheet name="${xmlEscape(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

/** 'A', 'B', … 'Z', 'AA', …: the column's letters in a cell reference (index from 0). */
export function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}
