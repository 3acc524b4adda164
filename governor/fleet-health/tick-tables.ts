/**
 * The fleet at each tick, two ways: an hour-by-hour summary to read at a glance, and every tick of the day (288 rows
 * at most) for the record. A tick that is missing, still running or abandoned shows as such, never as a zero.
 */
import type { TickObservation } from "../observe/index.js";
import { range, table, utcMinute, utcTime } from "./markdown.js";

const HOUR = 3_600_000;

const queueOf = (t: TickObservation) => (t.fleet?.queue ? `${t.fleet.queue.depth} / ${t.fleet.queue.cap}` : "—");
const submitted = (t: TickObservation, kind: "chain_tag" | "logic_extract") => t.drains?.[kind].submitted ?? 0;

function headroomOf(t: TickObservation): string {
  if (t.enabled === false) return "off (kill switch)";
  if (t.headroom === null) return "—";
  return t.headroomBasis && t.headroomBasis !== "free-slots"
    ? `${t.headroom} (${t.headroomBasis})`
    : String(t.headroom);
}

export function hourlyTable(ticks: TickObservation[], from: number, to: number): string {
  const rows: (string | number)[][] = [];
  for (let hour = Math.floor(from / HOUR) * HOUR; hour < to; hour += HOUR) {
    const inHour = ticks.filter((t) => t.slotAt >= hour && t.slotAt < hour + HOUR);
    const read = inHour.filter((t) => t.fleet);
    const depths = read.flatMap((t) => (t.fleet!.queue ? [t.fleet!.queue.depth] : []));
    const caps = read.flatMap((t) => (t.fleet!.queue ? [t.fleet!.queue.cap] : []));
    rows.push([
      `${utcMinute(hour)}`,
      inHour.length,
      range(read.map((t) => t.fleet!.nodes)),
      range(read.map((t) => t.fleet!.freeSlots)),
      depths.length ? `${Math.max(...depths)} / ${range(caps)}` : "—",
      range(inHour.flatMap((t) => (t.headroom === null ? [] : [t.headroom]))),
      inHour.filter((t) => t.reserveBinds).length,
      `${inHour.reduce((n, t) => n + submitted(t, "chain_tag"), 0)} / ${inHour.reduce((n, t) => n + submitted(t, "logic_extract"), 0)}`,
      inHour.filter((t) => t.fleetError).length,
    ]);
  }
  return table(
    [
      "Hour (UTC)",
      "Ticks",
      "Nodes",
      "Free slots",
      "Queue depth (max) / cap",
      "Headroom",
      "Reserve bound",
      "Submitted chain_tag / logic_extract",
      "Fleet unreadable",
    ],
    rows,
  );
}

export function everyTickTable(ticks: TickObservation[]): string {
  return table(
    [
      "Tick (UTC)",
      "Outcome",
      "Nodes",
      "Free slots",
      "Queue / cap",
      "Headroom",
      "Reserve binds",
      "chain_tag",
      "logic_extract",
      "Swept",
    ],
    ticks.map((t) => [
      utcTime(t.slotAt),
      t.fleetError && t.outcome === "done" ? "done, fleet unreadable" : t.outcome,
      t.fleet?.nodes ?? "—",
      t.fleet?.freeSlots ?? "—",
      queueOf(t),
      headroomOf(t),
      t.reserveBinds === null ? "—" : t.reserveBinds ? "yes" : "no",
      t.drains ? submitted(t, "chain_tag") : "—",
      t.drains ? submitted(t, "logic_extract") : "—",
      t.swept,
    ]),
  );
}
