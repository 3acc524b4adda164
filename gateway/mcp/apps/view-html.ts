/**
 * The built HTML of each view, read once per process from html/ beside this module. The build writes it there
 * (app/cluster/build-views.ts: into dist/ with the compiled modules, and into the source tree for runs from the
 * sources, where it is git-ignored); nothing bundles at run time, so the image needs no bundler.
 */
import { readFileSync } from "node:fs";
import type { AppView } from "./app-views.js";

/** Where the build writes a view, relative to this module. */
export const BUILT_VIEWS_DIR = "html";

const cache = new Map<string, string>();

export function viewHtml(view: AppView): string {
  let html = cache.get(view.name);
  if (html === undefined) {
    const file = new URL(`./${BUILT_VIEWS_DIR}/${view.name}.html`, import.meta.url);
    try {
      html = readFileSync(file, "utf8");
    } catch (e) {
      throw new Error(`view ${view.name} is not built (${file.pathname}): run npm run build`, { cause: e });
    }
    cache.set(view.name, html);
  }
  return html;
}
