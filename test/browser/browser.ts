/**
 * Headless Chromium for the browser tests: Debian's `chromium` package (installed by scripts/ensure-chromium.sh),
 * driven by playwright-core, which never downloads a browser. A test that cannot find it says why and is skipped.
 * Each launch gets a fresh profile directory, and the page may reach only the service under test: any other request
 * is aborted and recorded, so a page that needs the network fails its test instead of passing by luck.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-quic",
  "--disable-sync",
];

/** Why the browser tests cannot run here, or null when they can. */
export function chromiumMissing(): string | null {
  if (!existsSync(CHROMIUM))
    return `${CHROMIUM} not found: install Debian's chromium package (npm test runs scripts/ensure-chromium.sh, which does when apt is usable)`;
  return null;
}

/** Where the tests write their screenshots (git-ignored). */
export const SCREENSHOTS = join(process.cwd(), "test-output", "browser");

export interface Browser {
  context: BrowserContext;
  /** Requests the page tried to send anywhere but `origin` (aborted). */
  offsite: string[];
  page(): Promise<Page>;
  close(): Promise<void>;
}

export async function openBrowser(origin: string, headers: Record<string, string> = {}): Promise<Browser> {
  process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = "1";
  mkdirSync(SCREENSHOTS, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), "chromium-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    extraHTTPHeaders: headers,
  });
  const offsite: string[] = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    offsite.push(url);
    return route.abort("blockedbyclient");
  });
  return {
    context,
    offsite,
    page: () => context.newPage(),
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Width and height of a PNG, from its IHDR chunk. */
export const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

export interface PixelRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Counts pixels of a PNG in the browser itself (a canvas, no image library): how many differ from the corner colour,
 * how many distinct colours there are, and how many are within `tolerance` of `target` inside and outside `inside`
 * (pixels in `ignore` are not counted outside).
 */
export async function pixelStats(
  page: Page,
  png: Buffer,
  target: string,
  inside: PixelRegion,
  ignore: PixelRegion[] = [],
  tolerance = 40,
) {
  return page.evaluate(
    async ({ data, target, inside, ignore, tolerance }) => {
      // Runs in the page: the DOM is there, though this project's type library has none.
      const dom = globalThis as any;
      // An OffscreenCanvas works in any document, the SVG ones the charts are loaded as included.
      const img = await dom.createImageBitmap(await (await dom.fetch(`data:image/png;base64,${data}`)).blob());
      const ctx = new dom.OffscreenCanvas(img.width, img.height).getContext("2d");
      ctx.drawImage(img, 0, 0);
      const px: Uint8ClampedArray = ctx.getImageData(0, 0, img.width, img.height).data;
      const t = [1, 3, 5].map((i) => parseInt(target.slice(i, i + 2), 16));
      const within = (r: { x: number; y: number; width: number; height: number }, x: number, y: number) =>
        x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height;
      const bg = [px[0], px[1], px[2]];
      let nonBackground = 0;
      let targetInside = 0;
      let targetOutside = 0;
      const colours = new Set<number>();
      for (let y = 0; y < img.height; y++) {
        for (let x = 0; x < img.width; x++) {
          const i = (y * img.width + x) * 4;
          const [r, g, b] = [px[i]!, px[i + 1]!, px[i + 2]!];
          colours.add((r << 16) | (g << 8) | b);
          if (r !== bg[0] || g !== bg[1] || b !== bg[2]) nonBackground++;
          if (Math.abs(r - t[0]!) + Math.abs(g - t[1]!) + Math.abs(b - t[2]!) <= tolerance) {
            if (within(inside, x, y)) targetInside++;
            else if (!ignore.some((box) => within(box, x, y))) targetOutside++;
          }
        }
      }
      return {
        width: img.width,
        height: img.height,
        background: `rgb(${bg.join(",")})`,
        nonBackground,
        colours: colours.size,
        targetInside,
        targetOutside,
      };
    },
    { data: png.toString("base64"), target, inside, ignore, tolerance },
  );
}
