/** Checks a completed task's result before anything is written: tags for chain_tag, actions for logic_extract. */

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

const MAX_TAGS = 16;
const MAX_TAG_CHARS = 64;
const MAX_ACTIONS = 50;
const MAX_ACTION_CHARS = 1000;

/** Trimmed, whitespace collapsed, case kept, duplicates (case-insensitive) dropped. */
export function checkTags(result: unknown): Checked<string[]> {
  const tags = (result as { tags?: unknown } | null)?.tags;
  if (!Array.isArray(tags)) return { ok: false, error: "result.tags must be an array of strings" };
  if (tags.length > MAX_TAGS) return { ok: false, error: `result.tags holds more than ${MAX_TAGS} tags` };
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of tags) {
    if (typeof t !== "string") return { ok: false, error: "result.tags must be an array of strings" };
    const tag = t.replace(/\s+/g, " ").trim();
    if (tag === "" || [...tag].length > MAX_TAG_CHARS)
      return { ok: false, error: `a tag must be 1 to ${MAX_TAG_CHARS} characters` };
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return { ok: true, value: out };
}

export interface ExtractedAction {
  text: string;
  owner: string | null;
  due: string | null;
}

export function checkActions(result: unknown): Checked<ExtractedAction[]> {
  const actions = (result as { actions?: unknown } | null)?.actions;
  if (!Array.isArray(actions)) return { ok: false, error: "result.actions must be an array" };
  if (actions.length > MAX_ACTIONS)
    return { ok: false, error: `result.actions holds more than ${MAX_ACTIONS} actions` };
  const out: ExtractedAction[] = [];
  for (const a of actions) {
    const item = typeof a === "string" ? { text: a } : (a as Record<string, unknown> | null);
    const text = typeof item?.text === "string" ? item.text.trim() : "";
    if (text === "" || text.length > MAX_ACTION_CHARS)
      return { ok: false, error: `an action needs text of 1 to ${MAX_ACTION_CHARS} characters` };
    const opt = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim().slice(0, 200) : null);
    out.push({ text, owner: opt(item?.owner), due: opt(item?.due) });
  }
  return { ok: true, value: out };
}
