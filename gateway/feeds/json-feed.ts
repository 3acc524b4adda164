/** A feed as a JSON Feed 1.1 document (https://jsonfeed.org/version/1.1). */
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
  });
}
