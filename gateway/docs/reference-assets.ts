/**
 * The API reference page's assets, served by the gateway itself from the swagger-ui-dist package (nothing is fetched
 * from a CDN): the renderer's bundle and stylesheet, its favicon, and the small script that starts it. Files are read
 * once, on first request, and kept with their SHA-256 ETag.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export interface Asset {
  type: string;
  body: Buffer;
  etag: string;
}

/** What the page may load from /docs/: a fixed list, never a path taken from the request. */
const FILES: Record<string, string> = {
  "swagger-ui-bundle.js": "application/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

/**
 * Starts the renderer on the served document. validatorUrl null: Swagger UI would otherwise send the document to
 * validator.swagger.io for a badge. The API key the reader enters under "Authorize" is sent as X-API-Key by "Try it
 * out" and kept only in the page (persistAuthorization off).
 */
export const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#reference",
    deepLinking: true,
    docExpansion: "list",
    validatorUrl: null,
    persistAuthorization: false,
    tryItOutEnabled: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout"
  });
});
`;

const dist = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const cache = new Map<string, Asset>();

const asset = (type: string, body: Buffer): Asset => ({
  type,
  body,
  etag: `"${createHash("sha256").update(body).digest("hex")}"`,
});

/** The asset named `name`, or undefined when the page has no such file. */
export function referenceAsset(name: string): Asset | undefined {
  if (!Object.hasOwn(FILES, name) && name !== "reference.js") return undefined;
  let found = cache.get(name);
  if (!found) {
    found =
      name === "reference.js"
        ? asset("application/javascript; charset=utf-8", Buffer.from(INIT_SCRIPT))
        : asset(FILES[name]!, readFileSync(join(dist, name)));
    cache.set(name, found);
  }
  return found;
}

export const REFERENCE_ASSETS = [...Object.keys(FILES), "reference.js"];
