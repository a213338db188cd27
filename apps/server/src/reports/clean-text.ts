/**
 * Characters XML 1.0 cannot carry, which would make a document unreadable: control characters
 * other than tab, line feed and carriage return (C1 ones go too), unpaired surrogates and the
 * non-characters U+FFFE and U+FFFF.
 */
const NOT_XML = /[^\P{Cc}\t\n\r]|\p{Cs}|[\uFFFE\uFFFF]/gu;

/** The text without characters no report format can hold. */
export function cleanText(text: string): string {
  return text.replace(NOT_XML, '');
}
