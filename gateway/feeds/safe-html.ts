/**
 * Report markdown as HTML a feed reader can show safely: markdown-it with raw HTML off (a report's own tags are
 * shown as text), then sanitize-html with a closed list of tags and attributes as a second wall. Nothing that runs
 * or loads: no script, style, iframe, form or image (a remote image would tell its server who reads the feed), only
 * http, https and mailto links, which open in a new context without a referrer.
 */
import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "em",
    "strong",
    "del",
    "s",
    "ul",
    "ol",
    "li",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "sup",
    "sub",
  ],
  allowedAttributes: { a: ["href", "title", "rel"], ol: ["start"], th: ["style"], td: ["style"] },
  // markdown-it aligns table cells with style="text-align:…"; nothing else may be styled.
  allowedStyles: { th: { "text-align": [/^(left|right|center)$/] }, td: { "text-align": [/^(left|right|center)$/] } },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener noreferrer" }) },
};

export function markdownToSafeHtml(body: string): string {
  return sanitizeHtml(markdown.render(body), OPTIONS);
}

/** The report's first level-one heading, as plain text; undefined when it has none. */
export function firstHeading(body: string): string | undefined {
  const match = /^#[ \t]+(.+?)[ \t#]*$/m.exec(body);
  return match ? match[1]!.trim() : undefined;
}
