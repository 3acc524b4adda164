/** The institute's 30 analysts in six categories (fixed at every scale), one of them the daily-report editor. */
import type { DemoContext } from "./context.js";

export const DAILY_EDITOR_ID = "daily-editor";

export interface Analyst {
  id: string;
  name: string;
  nameEn: string | null;
  icon: string | null;
  agent: string | null;
  specialty: string | null;
  specialtyEn: string | null;
  category: string | null;
  tasks: string[];
}

const CATEGORIES = [
  ["macro", "宏观策略", "Macro Strategy"],
  ["fixed-income", "固定收益与外汇", "Fixed Income & FX"],
  ["equities", "股票研究", "Equity Research"],
  ["commodities", "大宗商品", "Commodities"],
  ["industry", "产业与专题", "Industry & Thematic"],
  ["editorial", "编辑与运营", "Editorial & Operations"],
] as const;

const a = (
  id: string,
  name: string,
  nameEn: string | null,
  icon: string | null,
  agent: string | null,
  specialty: string | null,
  specialtyEn: string | null,
  category: string | null,
  tasks: string[],
): Analyst => ({ id, name, nameEn, icon, agent, specialty, specialtyEn, category, tasks });

const DESK = ["whiteboard_card", "weekly_report"];

export const ANALYSTS: readonly Analyst[] = [
  a(
    "chief-economist",
    "陈立衡",
    "Chen Liheng",
    "🧭",
    "claude-opus",
    "全球宏观与资产配置",
    "Global macro and asset allocation",
    "macro",
    [...DESK, "committee_memo"],
  ),
  a(
    "china-macro",
    "王思远",
    "Wang Siyuan",
    "🏮",
    "claude-sonnet",
    "中国宏观与政策",
    "China macro and policy",
    "macro",
    DESK,
  ),
  a("us-macro", "李安澜", "Li Anlan", "🦅", "gpt-5", "美国经济与美联储", "US economy and the Fed", "macro", DESK),
  a("asean-macro", "黄文婷", "Huang Wenting", "🌏", "gemini-pro", "东盟经济", "ASEAN economies", "macro", [
    ...DESK,
    "data_ingest",
  ]),
  a(
    "japan-macro",
    "周启明",
    "Zhou Qiming",
    "🗾",
    "claude-sonnet",
    "日本经济与日本央行",
    "Japan and the BoJ",
    "macro",
    DESK,
  ),
  a("rates-strategist", "刘子谦", "Liu Ziqian", "📉", "gpt-5", "利率策略", "Rates strategy", "fixed-income", [
    ...DESK,
    "committee_memo",
  ]),
  a("credit-analyst", "赵雅琪", "Zhao Yaqi", "🧾", "claude-sonnet", "亚洲信用债", "Asian credit", "fixed-income", DESK),
  a("fx-strategist", "孙浩然", "Sun Haoran", "💱", "gemini-pro", "外汇策略", "FX strategy", "fixed-income", DESK),
  a("em-debt", "吴佩珊", "Wu Peishan", "🌐", "qwen-max", "新兴市场债务", "Emerging-market debt", "fixed-income", DESK),
  a("sgs-analyst", "郑嘉豪", null, "🏦", "deepseek-r1", "新加坡国债与SORA", null, "fixed-income", DESK),
  a(
    "semis-analyst",
    "林志远",
    "Lin Zhiyuan",
    "💾",
    "claude-opus",
    "半导体与存储",
    "Semiconductors and memory",
    "equities",
    [...DESK, "fact_check"],
  ),
  a("ai-infra", "许晨曦", "Xu Chenxi", "🤖", "gpt-5", "AI基础设施", "AI infrastructure", "equities", DESK),
  a(
    "banks-analyst",
    "何俊杰",
    "He Junjie",
    "🏛️",
    "claude-sonnet",
    "银行与金融",
    "Banks and financials",
    "equities",
    DESK,
  ),
  a("property-analyst", "高雨桐", "Gao Yutong", "🏢", "qwen-max", "房地产", "Property", "equities", DESK),
  a("consumer-analyst", "马晓蕾", "Ma Xiaolei", "🛍️", "deepseek-r1", "中国消费", "China consumer", "equities", DESK),
  a("ev-analyst", "罗一鸣", "Luo Yiming", "🔋", "gemini-pro", "新能源车与电池", "EVs and batteries", "equities", DESK),
  a("reits-analyst", "谢婉清", "Xie Wanqing", "🏘️", null, "房地产投资信托", "REITs", "equities", DESK),
  a(
    "energy-analyst",
    "梁振华",
    "Liang Zhenhua",
    "🛢️",
    "claude-sonnet",
    "石油与天然气",
    "Oil and gas",
    "commodities",
    DESK,
  ),
  a("metals-analyst", "宋佳怡", "Song Jiayi", "🪙", "gpt-5", "有色金属", "Base metals", "commodities", DESK),
  a(
    "gold-strategist",
    "唐文博",
    "Tang Wenbo",
    "🥇",
    "claude-opus",
    "黄金与贵金属",
    "Gold and precious metals",
    "commodities",
    DESK,
  ),
  a("agri-analyst", "韩雪", "Han Xue", "🌾", "qwen-max", "农产品", "Agriculture", "commodities", DESK),
  a(
    "shipping-analyst",
    "冯海涛",
    "Feng Haitao",
    "🚢",
    "deepseek-r1",
    "航运与物流",
    "Shipping and logistics",
    "commodities",
    DESK,
  ),
  a("supply-chain", "曹一凡", "Cao Yifan", "🏭", "claude-sonnet", "全球供应链", "Global supply chains", "industry", [
    ...DESK,
    "chain_tag",
  ]),
  a("green-transition", "彭思琪", "Peng Siqi", "🌱", "gemini-pro", "能源转型", "Energy transition", "industry", DESK),
  a("geopolitics", "蒋铭", "Jiang Ming", null, "gpt-5", "地缘政治", "Geopolitics", "industry", [
    ...DESK,
    "committee_memo",
  ]),
  a(
    "quant-strategist",
    "董立群",
    "Dong Liqun",
    "📊",
    "claude-opus",
    "量化与跨资产",
    "Quant and cross-asset",
    "industry",
    [...DESK, "logic_extract"],
  ),
  a(
    DAILY_EDITOR_ID,
    "晨报编辑",
    "Daily Editor",
    "📰",
    "claude-opus",
    "每日晨报编辑与审校",
    "Daily report editing and review",
    "editorial",
    ["daily_report", "fleet_health"],
  ),
  a("fact-checker", "方静", "Fang Jing", "🔎", "gpt-5", "事实核查", "Fact checking", "editorial", ["fact_check"]),
  a("risk-officer", "邵恒", "Shao Heng", "🛡️", "claude-sonnet", "风险管理", null, "editorial", [
    "risk_review",
    "committee_memo",
  ]),
  a("archivist", "叶蓁", null, "🗄️", null, null, null, null, []),
];

/** Analysts who write desk research (everyone but the editorial desk). */
export const DESK_ANALYSTS: readonly Analyst[] = ANALYSTS.filter(
  (x) => x.category !== "editorial" && x.category !== null,
);

export function analystById(id: string): Analyst {
  const found = ANALYSTS.find((x) => x.id === id);
  if (!found) throw new Error(`demo data: unknown analyst ${id}`);
  return found;
}

export function generateAnalysts(ctx: DemoContext): void {
  CATEGORIES.forEach(([category_id, name, name_en], i) => {
    ctx.data.add("catalog.categories", { category_id, name, name_en, sort_order: (i + 1) * 10 });
  });
  ANALYSTS.forEach((x, i) => {
    ctx.data.add("catalog.analysts", {
      analyst_id: x.id,
      name: x.name,
      name_en: x.nameEn,
      icon: x.icon,
      agent: x.agent,
      specialty: x.specialty,
      specialty_en: x.specialtyEn,
      category_id: x.category,
      tasks_default: x.tasks,
      sort_order: (i + 1) * 10,
    });
  });
}
