/**
 * resources/list: the documents an agent most likely wants, newest first: the daily reports of the last seven work
 * dates, this week's weekly reports, the latest fleet-health snapshot and the institute memory, each only when it
 * exists and the caller may read it. Each entry carries its size in bytes and annotations (lastModified, audience,
 * priority). Pages of PAGE_SIZE; `nextCursor` is the next position, base64url-encoded, and a cursor that is not
 * one is invalid params naming `cursor`. Every other URI the templates describe can still be read. After the
 * documents come the interactive views (ui://, gateway/mcp/apps) of the tools the caller may call.
 */
import { Code, ConnectError } from "@connectrpc/connect";
import type { FastifyBaseLogger } from "fastify";
import type { Principal } from "../../auth/principal.js";
import { toolAccess } from "../../auth/tool-access.js";
import type { ServiceClients } from "../../upstream/clients.js";
import { addDays, workDateOf } from "../../../lib/work-date.js";
import { RpcError, validationError } from "../tool-errors.js";
import type { ResourceReader } from "./resource-reader.js";
import { RESOURCE_MIME_TYPE } from "./templates.js";

export const PAGE_SIZE = 10;
/** "The last seven work dates": today and the six before it. */
export const DAILY_DAYS = 7;

const AUDIENCE = ["user", "assistant"];

/** A candidate for the list: a URI, how to name it, and how much an agent likely wants it. */
interface Candidate {
  uri: string;
  /** The URI to list instead when `uri` names nothing: a daily written only in Chinese. */
  otherwise?: string;
  name: string;
  title: string;
  priority: number;
}

function encodeCursor(position: number): string {
  return Buffer.from(JSON.stringify({ p: position })).toString("base64url");
}

function decodeCursor(cursor: unknown): number {
  if (cursor === undefined) return 0;
  const refuse = () => validationError("invalid params: 'cursor' is not a cursor this server issued", "cursor");
  if (typeof cursor !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) throw refuse();
  try {
    const { p } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { p: unknown };
    if (typeof p === "number" && Number.isInteger(p) && p > 0 && encodeCursor(p) === cursor) return p;
  } catch {
    // falls through to the refusal
  }
  throw refuse();
}

const isNotFound = (e: unknown) =>
  (e instanceof ConnectError && e.code === Code.NotFound) || (e instanceof RpcError && e.detail.code === "not_found");

export function createResourceList(reader: ResourceReader, clients: ServiceClients, now: () => number) {
  const served = new Map(reader.served.map((s) => [s.template.name, s]));
  const mayRead = (principal: Principal, templateName: string) => {
    const s = served.get(templateName);
    return s !== undefined && toolAccess(principal, s.tool).ok;
  };
  const uriOf = (templateName: string, values: Record<string, string | undefined>) =>
    served.get(templateName)!.template.compiled.expand(values);

  async function candidates(principal: Principal): Promise<Candidate[]> {
    const today = workDateOf(now());
    const out: Candidate[] = [];
    if (mayRead(principal, "daily-report")) {
      const { workDates } = await clients.reports.listReportDates({ kind: "daily", limit: DAILY_DAYS });
      for (const date of workDates.filter((d) => d > addDays(today, -DAILY_DAYS))) {
        out.push({
          uri: uriOf("daily-report", { date }),
          otherwise: uriOf("daily-report", { date, lang: "zh" }),
          name: `daily-${date}`,
          title: `Daily report ${date}`,
          priority: date === today ? 1 : 0.8,
        });
      }
    }
    if (mayRead(principal, "weekly-report")) {
      const { authors } = await clients.reports.getWeeklyIndex({ date: today });
      for (const a of authors) {
        // A weekly written only in Chinese is not what a URI without lang names.
        const lang = a.languages.includes("en") || a.languages.includes("plain") ? undefined : "zh";
        out.push({
          uri: uriOf("weekly-report", { date: a.workDate, analyst_id: a.analystId, lang }),
          name: `weekly-${a.workDate}-${a.analystId}`,
          title: `Weekly report of ${a.analystId}, ${a.workDate}`,
          priority: 0.6,
        });
      }
    }
    if (mayRead(principal, "fleet-health"))
      out.push({
        uri: uriOf("fleet-health", {}),
        name: "fleet-health-latest",
        title: "Latest fleet-health snapshot",
        priority: 0.5,
      });
    if (mayRead(principal, "institute-memory"))
      out.push({
        uri: uriOf("institute-memory", {}),
        name: "institute-memory",
        title: "Institute memory",
        priority: 0.7,
      });
    return out;
  }

  /** A candidate read whole, or undefined when its document does not exist. */
  async function readCandidate(c: Candidate, principal: Principal, log: FastifyBaseLogger) {
    for (const uri of [c.uri, ...(c.otherwise ? [c.otherwise] : [])]) {
      try {
        return { ...c, uri, document: await reader.readWhole(reader.resolve(uri, principal), principal, log) };
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
    }
    return undefined;
  }

  return async function list(params: Record<string, unknown>, principal: Principal, log: FastifyBaseLogger) {
    const position = decodeCursor(params.cursor);
    const found = await Promise.all((await candidates(principal)).map((c) => readCandidate(c, principal, log)));
    const resources = found
      .filter((r) => r !== undefined)
      .sort(
        (a, b) =>
          (b.document.lastModified ?? -Infinity) - (a.document.lastModified ?? -Infinity) || a.uri.localeCompare(b.uri),
      )
      .map((r) => ({
        uri: r.uri,
        name: r.name,
        title: r.title,
        mimeType: RESOURCE_MIME_TYPE,
        size: Buffer.byteLength(r.document.text, "utf8"),
        annotations: {
          audience: AUDIENCE,
          priority: r.priority,
          ...(r.document.lastModified === null
            ? {}
            : { lastModified: new Date(r.document.lastModified).toISOString() }),
        },
      }));
    // The interactive views follow the documents: a host fetches them by the URI a tool names, not from this list.
    const all = [...resources, ...reader.apps.listed(principal)];
    const page = all.slice(position, position + PAGE_SIZE);
    const next = position + PAGE_SIZE;
    return { resources: page, ...(next < all.length ? { nextCursor: encodeCursor(next) } : {}) };
  };
}
