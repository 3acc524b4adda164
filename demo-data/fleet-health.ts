/** Fleet-health snapshots: one a day at 16:00 UTC (00:00 Asia/Singapore) over the dataset's period. */
import { addDays } from "./clock.js";
import type { DemoContext } from "./context.js";
import { heading, list, note, para, renderBlocks, table } from "./markdown.js";
import { pair } from "./topic-types.js";

const NODES = [
  ["sg-edge-01", "claude, codex"],
  ["sg-edge-02", "claude, gemini"],
  ["hk-gpu-01", "qwen, deepseek"],
  ["tyo-cpu-01", "codex, gemini"],
  ["fra-edge-01", "claude"],
] as const;

export function generateFleetHealth(ctx: DemoContext): number {
  const rng = ctx.rng("fleet-health");
  const dates = ctx.clock.recentDates(60);
  let count = 0;
  for (let date = addDays(dates[0]!, -1); date <= ctx.clock.today; date = addDays(date, 1)) {
    const generatedAt = Date.parse(`${date}T16:00:00Z`);
    if (generatedAt > ctx.options.asOf - 1000) break;
    const sgDate = addDays(date, 1);
    const offline: string[] = [];
    const rows = NODES.map(([node, hands]) => {
      const slots = rng.int(2, 8);
      const down = rng.chance(0.04);
      if (down) offline.push(node);
      const busy = down ? 0 : rng.int(0, slots);
      const status = down
        ? pair("offline", "离线")
        : busy === slots
          ? pair("saturated", "满载")
          : pair("healthy", "正常");
      return [node, hands, String(slots), String(busy), status];
    });
    const submitted = rng.int(40, 160);
    const failed = rng.int(0, Math.round(submitted * 0.08));
    const timedOut = rng.int(0, 4);
    const median = rng.int(5, 140);
    const p95 = rng.int(150, 900);
    const reserveTicks = rng.int(0, 12);
    const blocks = [
      heading(1, pair(`Fleet health — ${sgDate} 00:00 SGT`, `执行集群健康报告 — ${sgDate} 00:00（新加坡时间）`)),
      note(
        pair(
          `Generated at ${new Date(generatedAt).toISOString()} by the scheduled job.`,
          `由定时任务于 ${new Date(generatedAt).toISOString()} 生成。`,
        ),
      ),
      heading(2, pair("Nodes", "节点")),
      table(
        [
          pair("Node", "节点"),
          pair("Hands", "执行端"),
          pair("Slots", "槽位"),
          pair("Busy", "占用"),
          pair("Status", "状态"),
        ],
        rows,
      ),
      heading(2, pair("Past 24 hours", "过去24小时")),
      list([
        pair(
          `${submitted} tasks submitted, ${submitted - failed - timedOut} completed, ${failed} failed, ${timedOut} timed out.`,
          `共提交${submitted}个任务，完成${submitted - failed - timedOut}个，失败${failed}个，超时${timedOut}个。`,
        ),
        pair(`Median queue wait ${median} s; p95 ${p95} s.`, `排队等待时间中位数${median}秒，95分位${p95}秒。`),
        pair(
          `Edge reserve held back 1 slot on ${reserveTicks} ticks.`,
          `边缘预留槽位在${reserveTicks}个调度周期中生效。`,
        ),
      ]),
      heading(2, pair("Warnings", "告警")),
      offline.length
        ? list(
            offline.map((n) =>
              pair(`${n} missed three heartbeats and is marked offline.`, `${n}连续三次心跳缺失，已标记为离线。`),
            ),
          )
        : para([pair("No warnings.", "无告警。")]),
    ];
    const snapshotId = `fh_${sgDate.replace(/-/g, "")}`;
    const objectKey = ctx.data.blob(`reports/fleet-health/${snapshotId}.md`, renderBlocks(blocks, "en"), generatedAt);
    ctx.data.add("reports.fleet_health", { snapshot_id: snapshotId, generated_at: generatedAt, object_key: objectKey });
    count++;
  }
  return count;
}
