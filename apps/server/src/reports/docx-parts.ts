import { OFFICE_REL, REL_NS, XML_HEAD } from './ooxml-package.ts';
import { xmlEscape } from './xml-escape.ts';

/** The fixed parts of a WordprocessingML package around word/document.xml. */

export const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** Relationship ids word/document.xml refers to. */
export const FOOTER_REL_ID = 'rId2';

export const DOCUMENT_RELS_XML = `${XML_HEAD}<Relationships xmlns="${REL_NS}">\
<Relationship Id="rId1" Type="${OFFICE_REL}/styles" Target="styles.xml"/>\
<Relationship Id="${FOOTER_REL_ID}" Type="${OFFICE_REL}/footer" Target="footer1.xml"/>\
</Relationships>`;

/** Arial 8 pt, no space after paragraphs; a title style and a muted subtitle and footer. */
export function stylesXml(locale: string): string {
  return `${XML_HEAD}<w:styles xmlns:w="${W_NS}">\
<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial" w:eastAsia="Arial" w:cs="Arial"/>\
<w:sz w:val="16"/><w:szCs w:val="16"/><w:lang w:val="${xmlEscape(locale)}"/></w:rPr></w:rPrDefault>\
<w:pPrDefault><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>\
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>\
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/>\
<w:qFormat/><w:pPr><w:spacing w:after="40"/></w:pPr><w:rPr><w:b/><w:sz w:val="30"/><w:szCs w:val="30"/></w:rPr></w:style>\
<w:style w:type="paragraph" w:styleId="Subtitle"><w:name w:val="Subtitle"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/>\
<w:qFormat/><w:pPr><w:spacing w:after="200"/></w:pPr><w:rPr><w:color w:val="5F6B7A"/><w:sz w:val="15"/><w:szCs w:val="15"/></w:rPr></w:style>\
<w:style w:type="paragraph" w:styleId="Footer"><w:name w:val="footer"/><w:basedOn w:val="Normal"/>\
<w:rPr><w:color w:val="5F6B7A"/><w:sz w:val="14"/><w:szCs w:val="14"/></w:rPr></w:style>\
<w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:uiPriority w:val="99"/><w:semiHidden/>\
<w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="70" w:type="dxa"/>\
<w:bottom w:w="0" w:type="dxa"/><w:right w:w="70" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>\
</w:styles>`;
}

/** The footer on every page: the report's name and the page number (a PAGE field). */
export function footerXml(title: string, pageLabel: string): string {
  return `${XML_HEAD}<w:ftr xmlns:w="${W_NS}"><w:p><w:pPr><w:pStyle w:val="Footer"/><w:jc w:val="right"/></w:pPr>\
<w:r><w:t xml:space="preserve">${xmlEscape(title)} · ${xmlEscape(pageLabel)} </w:t></w:r>\
<w:fldSimple w:instr=" PAGE "><w:r><w:t>1</w:t></w:r></w:fldSimple></w:p></w:ftr>`;
}
