/**
 * A feed as a JSON Feed 1.1 document (https://jsonfeed.org/version/1.1). JSON Feed has no tombstone; withdrawn
 * entries within the window go in the extension `_institute.deleted_items` (`{id, date_deleted}`, RFC 6721's ref
 * and when), which readers that do not know it ignore, as the format's rule for `_` keys says.
 */
import type { Feed } from "./feed-model.js";

export const JSON_FEED_TYPE = "application/feed+json; charset=utf-8";

export function jsonFeedDocument(feed: Feed): string {
  return JSON.stringify({
    version: "https://jsonfeed.org/version/1.1",
    title: feed.title,
    home_page_url: feed.homeUrl,
    feed_url: feed.jsonUrl,
    language: feed.lang,
    authors: [{ name: feed.author }],
    items: feed.entries.map((e) => ({
      id: e.id,
      url: e.url,
      title: e.title,
      content_html: e.html,
      date_modified: new Date(e.updated).toISOString(),
      language: e.lang,
      authors: [{ name: e.author }],
    })),
    _institute: {
      deleted_items: feed.deleted.map((d) => ({ id: d.ref, date_deleted: new Date(d.when).toISOString() })),
    },
  });
}
