/**
 * The one escaper of every XML document the service writes (the Atom feed, the SVG charts). XML 1.0 (§2.2, Char)
 * cannot carry most C0 control characters, U+FFFE, U+FFFF or a lone surrogate, not even as a character reference:
 * a document holding one is not well-formed, and a feed reader then drops the whole feed. The institute's text may
 * hold them (a markdown body is the institute's own, and JSON carries them escaped), so here each becomes U+FFFD,
 * the replacement character, which keeps the text's length and shows that something was there.
 */

/** Characters XML 1.0 forbids: C0 controls but tab, newline and carriage return; U+FFFE, U+FFFF; lone surrogates. */
const NOT_XML_CHAR =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" };

/** `s` as XML character data or an attribute value (either quote): markup escaped, forbidden characters replaced. */
export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ENTITIES[c]!).replace(NOT_XML_CHAR, "\uFFFD");
}

/** How many characters of `s` XML 1.0 cannot carry (what escapeXml replaces), with the code points found. */
export function xmlForbidden(s: string, found?: Set<number>): number {
  let n = 0;
  for (const m of s.matchAll(NOT_XML_CHAR)) {
    n++;
    found?.add(m[0].charCodeAt(0));
  }
  return n;
}
