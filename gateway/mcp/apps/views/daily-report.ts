/**
 * The daily report reader (reports_daily): the report rendered from its markdown, each table followed by a chart
 * of its changes. A report longer than the tool's window is read on through the host (reports_daily with the
 * next offset) before it is drawn. Links open through the host, never in the view.
 */
import { changeBars, changeSeries } from "./change-bars.js";
import { renderMarkdown } from "./markdown.js";
import { setStatus, startView, type ViewContext } from "./view-shell.js";

interface DailyWindow {
  date: string;
  markdown: string;
  truncated: boolean;
  next_offset: number | null;
}

const whole = new Map<string, Promise<string>>();

async function readRest(ctx: ViewContext, first: DailyWindow): Promise<string> {
  let text = first.markdown;
  let next = first.truncated ? first.next_offset : null;
  while (next !== null) {
    const r = await ctx.bridge.callTool("reports_daily", { ...ctx.args, date: first.date, offset: next });
    if (r.isError || !r.structuredContent) throw new Error("the rest of the report could not be read");
    const window = r.structuredContent as unknown as DailyWindow;
    text += window.markdown;
    next = window.truncated ? window.next_offset : null;
  }
  return text;
}

function show(markdown: string, ctx: ViewContext) {
  const { html, tables } = renderMarkdown(markdown);
  const width = Math.max(420, Math.min(760, ctx.root.clientWidth || 640));
  ctx.root.innerHTML = `<article id="report">${html.replace(/<!--chart:(\d+)-->/g, (_, n: string) =>
    changeSeries(tables[Number(n)]!)
      .map((s, k) => `<figure>${changeBars(s, `chart-${n}-${k}`, width, ctx.theme)}</figure>`)
      .join(""),
  )}</article>`;
  for (const a of ctx.root.querySelectorAll<HTMLAnchorElement>("a[data-link]"))
    a.addEventListener("click", (event) => {
      event.preventDefault();
      void ctx.bridge.request("ui/open-link", { url: a.href }).catch(() => {});
    });
}

function draw(result: Record<string, unknown>, ctx: ViewContext) {
  const first = result as unknown as DailyWindow;
  if (!first.truncated) return show(first.markdown, ctx);
  setStatus(ctx.root, `Reading the rest of the report of ${first.date}…`);
  const key = `${first.date} ${JSON.stringify(ctx.args)}`;
  if (!whole.has(key)) whole.set(key, readRest(ctx, first));
  whole.get(key)!.then(
    (markdown) => show(markdown, ctx),
    (e: Error) => setStatus(ctx.root, `${first.date}: ${e.message}`, true),
  );
}

startView("institute-daily-report", draw);
