import { cleanText } from './clean-text.ts';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe inside an XML element or a quoted attribute. */
export function xmlEscape(text: string): string {
  return cleanText(text).replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
