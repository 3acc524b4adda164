/**
 * A feed as an Atom 1.0 document (RFC 4287): entry content is the report's safe HTML, escaped as type="html". A
 * withdrawn entry within the feed's window is an RFC 6721 tombstone (at:deleted-entry, ref = the entry's id).
 */
import { escapeXml as xml } from "../../lib/text/xml-text.js";
import type { Feed } from "./feed-model.js";

export const ATOM_TYPE = "application/atom+xml; charset=utf-8";

const time = (ms: number) => new Date(ms).toISOString();

export function atomDocument(feed: Feed): string {
  const lines = [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:at="http://purl.org/atompub/tombstones/1.0" xml:lang="${feed.lang}">`,
    `  <id>${xml(feed.id)}</id>`,
    `  <title>${xml(feed.title)}</title>`,
    `  <updated>${time(feed.updated)}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(feed.atomUrl)}"/>`,
    `  <link rel="alternate" type="application/feed+json" href="${xml(feed.jsonUrl)}"/>`,
    `  <author><name>${xml(feed.author)}</name></author>`,
  ];
  for (const e of feed.entries) {
    lines.push(
      `  <entry xml:lang="${xml(e.lang)}">`,
      `    <id>${xml(e.id)}</id>`,
      `    <title>${xml(e.title)}</title>`,
      `    <updated>${time(e.updated)}</updated>`,
      `    <link rel="alternate" type="text/markdown" href="${xml(e.url)}"/>`,
      `    <author><name>${xml(e.author)}</name></author>`,
      `    <content type="html">${xml(e.html)}</content>`,
      `  </entry>`,
    );
  }
  for (const d of feed.deleted)
    lines.push(
      `  <at:deleted-entry ref="${xml(d.ref)}" when="${time(d.when)}">`,
      `    <at:comment>withdrawn</at:comment>`,
      `  </at:deleted-entry>`,
    );
  lines.push(`</feed>`, "");
  return lines.join("\n");
}
