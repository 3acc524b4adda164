/**
 * The interactive views (gateway/mcp/apps) built into self-contained HTML: each view's entry module bundled and
 * minified by esbuild for the browser (the service's chart code included), the shared stylesheet minified, both
 * inlined into one document. Written beside gateway/mcp/apps/view-html.js, which serves them: into dist/ by every
 * build (npm run build, the launcher, the image), and into the source tree (git-ignored) for the runs from the
 * sources, the tests. Nothing in the output depends on the time or the machine, so the same sources give the same
 * bytes. The views bundle at build time, not at startup, so the image carries no bundler.
 */
import path from "node:path";
import { APP_VIEWS, type AppView } from "../../gateway/mcp/apps/app-views.js";
import { BUILT_VIEWS_DIR } from "../../gateway/mcp/apps/view-html.js";
import { compile } from "./esbuild-service.js";

export const VIEWS_SOURCE_DIR = "gateway/mcp/apps/views";
/** Where the built views go, relative to the output root (the repository or dist/). */
export const VIEWS_OUTPUT_DIR = `gateway/mcp/apps/${BUILT_VIEWS_DIR}`;

const COMMON = {
  bundle: true,
  minify: true,
  write: false,
  logLevel: "silent",
  legalComments: "none",
  charset: "utf8",
} as const;

async function bundle(root: string, entry: string, options: Record<string, unknown>): Promise<string> {
  const result = await compile({
    ...COMMON,
    ...options,
    absWorkingDir: root,
    entryPoints: [path.join(VIEWS_SOURCE_DIR, entry)],
  });
  return result.outputFiles![0]!.text.trim();
}

const document = (view: AppView, css: string, js: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${view.title}</title><style>${css}</style></head><body><main id="view" aria-busy="true" aria-label="${view.title}"><p role="status" class="status">Waiting for the result of ${view.tool}…</p></main><script type="module">${js.replaceAll("</script", "<\\/script")}</script></body></html>\n`;

/** Every view as its HTML, keyed by the path it is written to under the output root. */
export async function buildViews(root: string): Promise<Map<string, string>> {
  const css = await bundle(root, "view.css", { loader: { ".css": "css" } });
  const out = new Map<string, string>();
  for (const view of APP_VIEWS) {
    const js = await bundle(root, `${view.name}.ts`, { format: "esm", platform: "browser", target: "es2022" });
    out.set(path.join(VIEWS_OUTPUT_DIR, `${view.name}.html`), document(view, css, js));
  }
  return out;
}

/** The views' sources, for the compile step to leave out (they run in a browser, bundled, never as modules). */
export const isViewSource = (file: string) => file.startsWith(`${VIEWS_SOURCE_DIR}/`);
