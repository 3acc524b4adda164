/** Archived documents for tests: English and Chinese research notes on a few distinct subjects. */
import type { Pool } from "../../lib/db/pool.js";

export interface DocumentFixture {
  doc_id: string;
  session_id: string | null;
  analyst_id: string | null;
  path: string | null;
  title: string | null;
  lang: "en" | "zh" | "plain";
  body: string;
  archived_at: number | null;
}

export const BASE_TIME = Date.UTC(2026, 10, 20, 8, 0, 0);

const doc = (n: number, analyst: string, session: string, lang: "en" | "zh", title: string, body: string): DocumentFixture => ({
  doc_id: `doc-${String(n).padStart(2, "0")}`,
  session_id: session,
  analyst_id: analyst,
  path: `reports/${analyst}/${n}.md`,
  title,
  lang,
  body,
  archived_at: BASE_TIME + n * 60_000,
});

export const DOCUMENTS: DocumentFixture[] = [
  doc(1, "rates-strategist", "s-rates-1", "en", "Fed rate cuts and the yield curve", "# Rates\n\nThe Federal Reserve's rate cuts flattened the Treasury yield curve as bond yields fell after weak payrolls."),
  doc(2, "rates-strategist", "s-rates-1", "en", "Term premium after the auction", "Heavier coupon issuance lifted the term premium; the 10-year Treasury yield rose into the auction."),
  doc(3, "rates-strategist", "s-rates-2", "en", "SORA fixings and SGS duration", "Singapore government securities rallied as compounded SORA fixings eased; we extend duration."),
  doc(4, "semis-analyst", "s-chips-1", "en", "HBM supply stays tight", "High-bandwidth memory remains sold out; SK Hynix and Samsung convert DRAM capacity to HBM for AI accelerators."),
  doc(5, "semis-analyst", "s-chips-1", "en", "Export controls and chip equipment", "New semiconductor export controls hit chip equipment makers and foundry capex plans."),
  doc(6, "energy-analyst", "s-oil-1", "en", "OPEC+ supply and Brent", "OPEC+ kept supply cuts in place; Brent crude oil prices held near 80 dollars a barrel."),
  doc(7, "rates-strategist", "s-rates-1", "zh", "美联储降息与收益率曲线", "美联储降息后，美国国债收益率曲线趋平，债券收益率在非农数据疲软后下行。"),
  doc(8, "semis-analyst", "s-chips-2", "zh", "HBM供给持续紧张", "高带宽存储芯片持续售罄，SK海力士与三星将DRAM产能转向HBM以满足AI加速器需求。"),
  doc(9, "energy-analyst", "s-oil-1", "zh", "欧佩克+减产与布伦特原油", "欧佩克+维持减产，布伦特原油价格维持在每桶80美元附近。"),
  doc(10, "fx-strategist", "s-fx-1", "en", "USD/SGD and the S$NEER band", "The Monetary Authority of Singapore kept the S$NEER slope; USD/SGD drifted lower as the dollar weakened."),
  { doc_id: "doc-empty", session_id: null, analyst_id: "fx-strategist", path: null, title: null, lang: "plain", body: "   ", archived_at: null },
];

export async function insertDocuments(owner: Pool, documents: readonly DocumentFixture[] = DOCUMENTS): Promise<void> {
  for (const d of documents) {
    await owner.query(
      `INSERT INTO search.documents (doc_id, session_id, analyst_id, path, title, lang, body, archived_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [d.doc_id, d.session_id, d.analyst_id, d.path, d.title, d.lang, d.body, d.archived_at],
    );
  }
}
