/**
 * Spec §8's "whiteboard metadata preview max: 1000", a field limit. The whiteboard's lists and details carry the
 * free text of a thread and its cards (root topic and question; a card's topic, question, stance, summary and
 * follow-up topic) as a preview beside the card's report, which holds the whole text. A preview is at most this
 * many characters (Unicode code points, as JSON Schema's maxLength counts them); a longer text keeps its first
 * characters and ends in "…", so a reader can tell a cut preview from a short text. docs/decisions.md says why.
 */

export const WHITEBOARD_METADATA_PREVIEW_MAX = 1000;

const ELLIPSIS = "…";

export function metadataPreview(text: string): string {
  // Fast path: a string of at most MAX UTF-16 units has at most MAX code points.
  if (text.length <= WHITEBOARD_METADATA_PREVIEW_MAX) return text;
  const codePoints = Array.from(text);
  if (codePoints.length <= WHITEBOARD_METADATA_PREVIEW_MAX) return text;
  return codePoints.slice(0, WHITEBOARD_METADATA_PREVIEW_MAX - 1).join("") + ELLIPSIS;
}

/** A nullable column as a preview (absent stays absent). */
export const previewOrUndefined = (text: string | null): string | undefined =>
  text === null ? undefined : metadataPreview(text);
