/** Macro, rates, FX and credit topics of the institute's coverage. */
import { pair, price, rate, type Topic } from "./topic-types.js";

export const MACRO_TOPICS: Topic[] = [
  {
    id: "rates",
    en: "Rates",
    zh: "利率",
    desks: ["us-macro", "rates-strategist", "sgs-analyst", "chief-economist"],
    subjects: [
      pair("Fed easing path into 2027", "美联储2027年降息路径"),
      pair("US Treasury term premium", "美债期限溢价"),
      pair("SGS curve and SORA fixings", "新加坡国债曲线与SORA定价"),
      pair("Duration positioning after the payrolls miss", "非农不及预期后的久期配置"),
    ],
    questions: [
      pair("Will the Fed deliver another cut before the end of the quarter?", "美联储会在本季度末前再次降息吗？"),
      pair("Has the term premium peaked for this cycle?", "本轮周期的期限溢价是否已经见顶？"),
      pair("Should we extend SGS duration into the 10-year sector?", "是否应将新加坡国债久期延长至10年期？"),
    ],
    metrics: [
      rate("10-year US Treasury yield", "10年期美债收益率", 4.12, 0.05),
      rate("2-year US Treasury yield", "2年期美债收益率", 3.58, 0.05),
      rate("3-month compounded SORA", "3个月复合SORA", 2.31, 0.02),
    ],
    entities: [
      pair("the Federal Reserve", "美联储"),
      pair("the US Treasury", "美国财政部"),
      pair("the Monetary Authority of Singapore", "新加坡金融管理局"),
    ],
    drivers: [
      pair("cooling services inflation", "服务业通胀降温"),
      pair("heavier Treasury coupon issuance", "美债付息券发行量增加"),
      pair("softer labour-market data", "劳动力市场数据走弱"),
    ],
    risks: [
      pair("a re-acceleration of core inflation", "核心通胀再度加速"),
      pair("a disorderly fiscal auction", "财政拍卖出现无序波动"),
    ],
    specs: [
      pair("a 4.0% coupon on the new 10-year note", "新发10年期国债票息为4.0%"),
      pair("US$69 billion of 10-year supply at auction", "10年期国债拍卖规模为690亿美元"),
    ],
    places: [pair("Washington", "华盛顿"), pair("Singapore", "新加坡")],
    tags: ["rates", "central-banks", "duration"],
  },
  {
    id: "fx",
    en: "FX",
    zh: "外汇",
    desks: ["fx-strategist", "asean-macro", "em-debt"],
    subjects: [
      pair("USD/SGD and the S$NEER band", "美元兑新元与新元名义有效汇率区间"),
      pair("CNH fixing bias", "人民币中间价偏向"),
      pair("Asian FX carry after Fed cuts", "美联储降息后的亚洲货币套息交易"),
    ],
    questions: [
      pair(
        "Will MAS flatten the S$NEER slope at the next review?",
        "新加坡金管局会在下次政策评估中放缓新元名义有效汇率升值斜率吗？",
      ),
      pair("Is the CNH fixing signalling tolerance for a weaker yuan?", "人民币中间价是否释放了容忍贬值的信号？"),
    ],
    metrics: [
      price("USD/SGD", "美元兑新元", pair("", ""), 1.3185, 0.002, 4),
      price("USD/CNH", "美元兑离岸人民币", pair("", ""), 7.082, 0.002, 4),
      price("the DXY dollar index", "美元指数", pair("", ""), 99.6, 0.003, 2),
    ],
    entities: [
      pair("the People's Bank of China", "中国人民银行"),
      pair("MAS", "新加坡金管局"),
      pair("Bank Indonesia", "印尼央行"),
    ],
    drivers: [
      pair("narrowing US-Asia rate differentials", "美亚利差收窄"),
      pair("exporter dollar conversion", "出口商结汇"),
      pair("portfolio inflows into Asian bonds", "亚洲债券的组合资金流入"),
    ],
    risks: [
      pair("a renewed tariff escalation", "关税再度升级"),
      pair("a sharp rebound in US yields", "美债收益率大幅反弹"),
    ],
    specs: [
      pair("a S$NEER policy band of about ±2%", "约±2%的新元名义有效汇率政策区间"),
      pair("a daily CNY trading band of ±2% around the fixing", "人民币围绕中间价±2%的日内波动区间"),
    ],
    places: [pair("Singapore", "新加坡"), pair("Shanghai", "上海"), pair("Jakarta", "雅加达")],
    tags: ["fx", "asia", "carry"],
  },
  {
    id: "gold",
    en: "Gold",
    zh: "黄金",
    desks: ["gold-strategist", "metals-analyst", "chief-economist"],
    subjects: [
      pair("Central-bank gold buying", "央行购金"),
      pair("Gold ETF flows and real yields", "黄金ETF资金流与实际利率"),
      pair("Gold as a hedge for fiscal risk", "黄金作为财政风险对冲"),
    ],
    questions: [
      pair("Can central-bank demand keep gold above its 100-day average?", "央行需求能否令金价维持在100日均线上方？"),
      pair("Has the link between gold and real yields broken down?", "黄金与实际利率的关系是否已经失效？"),
    ],
    metrics: [
      price("spot gold", "现货黄金", pair(" US$/oz", "美元/盎司"), 3985, 0.009),
      rate("the 10-year TIPS real yield", "10年期TIPS实际收益率", 1.78, 0.04),
    ],
    entities: [
      pair("the World Gold Council", "世界黄金协会"),
      pair("the People's Bank of China", "中国人民银行"),
      pair("SPDR Gold Shares", "SPDR黄金ETF"),
    ],
    drivers: [
      pair("official-sector reserve diversification", "官方储备多元化"),
      pair("falling real yields", "实际利率下行"),
      pair("retail bar and coin demand in Asia", "亚洲零售金条金币需求"),
    ],
    risks: [pair("a pause in central-bank purchases", "央行暂停购金"), pair("a stronger dollar", "美元走强")],
    specs: [
      pair("roughly 1,000 tonnes of annual central-bank purchases", "每年约1000吨的央行购金量"),
      pair("a 400-ounce London Good Delivery bar", "400盎司的伦敦合格交割金条"),
    ],
    places: [pair("London", "伦敦"), pair("Shanghai", "上海"), pair("Zurich", "苏黎世")],
    tags: ["gold", "commodities", "reserves"],
  },
  {
    id: "credit",
    en: "Asian credit",
    zh: "亚洲信用债",
    desks: ["credit-analyst", "em-debt", "quant-strategist"],
    subjects: [
      pair("Asian high-yield spreads", "亚洲高收益债利差"),
      pair("Investment-grade supply pipeline", "投资级债券发行储备"),
      pair("Default cycle in China property credit", "中国地产信用违约周期"),
    ],
    questions: [
      pair("Are Asian IG spreads too tight for the supply coming?", "面对即将到来的供给，亚洲投资级利差是否过窄？"),
      pair("Has the high-yield default rate peaked?", "高收益债违约率是否已经见顶？"),
    ],
    metrics: [
      rate("the JACI investment-grade spread", "摩根大通亚洲投资级信用利差", 0.92, 0.02),
      rate("the Asian high-yield spread", "亚洲高收益债利差", 4.65, 0.06),
    ],
    entities: [
      pair("JP Morgan Asia Credit Index", "摩根大通亚洲信用指数"),
      pair("Indian renewable issuers", "印度可再生能源发行人"),
      pair("Chinese state-owned issuers", "中国国企发行人"),
    ],
    drivers: [
      pair("strong demand from Asian insurers", "亚洲保险资金的强劲需求"),
      pair("light net supply", "净供给偏少"),
      pair("improving issuer fundamentals", "发行人基本面改善"),
    ],
    risks: [pair("a wave of refinancing", "再融资潮"), pair("idiosyncratic defaults", "个别发行人违约")],
    specs: [
      pair("a five-year senior unsecured note priced at T+95bp", "以美债加95个基点定价的五年期优先无担保债"),
      pair("a US$1.5 billion dual-tranche deal", "15亿美元双档发行"),
    ],
    places: [pair("Hong Kong", "香港"), pair("Mumbai", "孟买"), pair("Singapore", "新加坡")],
    tags: ["credit", "spreads", "asia"],
  },
  {
    id: "japan",
    en: "Japan",
    zh: "日本",
    desks: ["japan-macro", "fx-strategist", "quant-strategist"],
    subjects: [
      pair("BoJ normalisation and JGB yields", "日本央行政策正常化与日债收益率"),
      pair("Yen carry unwinds", "日元套息交易平仓"),
      pair("Shunto wage momentum", "春斗工资增长势头"),
    ],
    questions: [
      pair("Will the BoJ raise the policy rate again before the spring wage round?", "日本央行会在春斗前再次加息吗？"),
      pair("Is the yen carry trade crowded again?", "日元套息交易是否再度拥挤？"),
    ],
    metrics: [
      rate("the 10-year JGB yield", "10年期日本国债收益率", 1.62, 0.03),
      price("USD/JPY", "美元兑日元", pair("", ""), 148.2, 0.004),
    ],
    entities: [
      pair("the Bank of Japan", "日本央行"),
      pair("Japanese life insurers", "日本寿险公司"),
      pair("Toyota", "丰田"),
    ],
    drivers: [
      pair("sustained wage growth", "工资持续增长"),
      pair("repatriation by domestic investors", "国内投资者资金回流"),
      pair("reduced JGB purchases", "日本国债购买规模缩减"),
    ],
    risks: [pair("a sudden yen appreciation", "日元突然升值"), pair("weak domestic consumption", "国内消费疲弱")],
    specs: [
      pair("a 0.75% policy rate", "0.75%的政策利率"),
      pair("quarterly JGB purchase cuts of ¥400 billion", "每季度缩减4000亿日元的日债购买"),
    ],
    places: [pair("Tokyo", "东京"), pair("Osaka", "大阪")],
    tags: ["japan", "central-banks", "fx"],
  },
  {
    id: "china-consumption",
    en: "China consumption",
    zh: "中国消费",
    desks: ["consumer-analyst", "china-macro"],
    subjects: [
      pair("Trade-in subsidies and durable goods", "以旧换新补贴与耐用品消费"),
      pair("Services consumption and travel", "服务消费与出行"),
      pair("Household savings rate", "居民储蓄率"),
    ],
    questions: [
      pair(
        "Will trade-in subsidies keep supporting retail sales into next year?",
        "以旧换新补贴能否在明年继续支撑社零？",
      ),
      pair("Is services spending offsetting weaker goods demand?", "服务消费能否抵消商品需求走弱？"),
    ],
    metrics: [
      rate("retail sales growth", "社会消费品零售总额增速", 4.1, 0.2, 1),
      rate("the household savings rate", "居民储蓄率", 31.8, 0.1, 1),
    ],
    entities: [pair("Meituan", "美团"), pair("Alibaba", "阿里巴巴"), pair("Trip.com", "携程")],
    drivers: [
      pair("consumer trade-in subsidies", "消费品以旧换新补贴"),
      pair("a recovery in outbound travel", "出境游复苏"),
      pair("stabilising home prices", "房价企稳"),
    ],
    risks: [
      pair("a weaker labour market for young workers", "青年就业市场走弱"),
      pair("subsidy fatigue", "补贴效应递减"),
    ],
    specs: [
      pair("a 15% subsidy on qualifying home appliances", "合格家电15%的补贴"),
      pair("a 300 billion yuan special bond allocation", "3000亿元的专项债额度"),
    ],
    places: [pair("Shanghai", "上海"), pair("Chengdu", "成都"), pair("Shenzhen", "深圳")],
    tags: ["china", "consumption", "policy"],
  },
  {
    id: "asean-manufacturing",
    en: "ASEAN manufacturing",
    zh: "东盟制造业",
    desks: ["asean-macro", "supply-chain", "em-debt"],
    subjects: [
      pair("Supply-chain relocation to Vietnam", "供应链向越南转移"),
      pair("Malaysia data-centre investment", "马来西亚数据中心投资"),
      pair("ASEAN PMI momentum", "东盟PMI走势"),
    ],
    questions: [
      pair("Is Vietnam still winning share of US electronics imports?", "越南是否仍在扩大对美电子产品出口份额？"),
      pair("Can Johor absorb more data-centre power demand?", "柔佛能否承接更多数据中心用电需求？"),
    ],
    metrics: [
      price("the ASEAN manufacturing PMI", "东盟制造业PMI", pair("", ""), 51.2, 0.004, 1),
      rate("Vietnam export growth", "越南出口增速", 12.4, 0.3, 1),
    ],
    entities: [
      pair("Samsung Electronics Vietnam", "三星电子越南"),
      pair("Foxconn", "富士康"),
      pair("YTL Power", "杨忠礼电力"),
    ],
    drivers: [
      pair("China-plus-one sourcing", "“中国+1”采购策略"),
      pair("foreign direct investment in electronics", "电子行业外商直接投资"),
      pair("new industrial-park capacity", "新增工业园区产能"),
    ],
    risks: [
      pair("US tariffs on transshipment", "美国对转口贸易加征关税"),
      pair("power shortages in northern Vietnam", "越南北部电力短缺"),
    ],
    specs: [
      pair("a 1.6 GW data-centre pipeline in Johor", "柔佛1.6吉瓦的数据中心项目储备"),
      pair("a 500-hectare industrial park near Haiphong", "海防附近500公顷的工业园"),
    ],
    places: [pair("Vietnam", "越南"), pair("Malaysia", "马来西亚"), pair("Thailand", "泰国")],
    tags: ["asean", "manufacturing", "supply-chain"],
  },
  {
    id: "banks",
    en: "Banks",
    zh: "银行",
    desks: ["banks-analyst", "credit-analyst", "sgs-analyst"],
    subjects: [
      pair("Net interest margins as rates fall", "降息周期中的净息差"),
      pair("Wealth-management fee growth", "财富管理手续费增长"),
      pair("Credit costs in SME lending", "中小企业贷款信用成本"),
    ],
    questions: [
      pair("How much NIM compression is priced into Singapore banks?", "新加坡银行股已经计入了多少净息差收窄？"),
      pair("Can fee income offset lower margins?", "手续费收入能否弥补息差下滑？"),
    ],
    metrics: [
      rate("the sector net interest margin", "行业净息差", 2.05, 0.01),
      rate("the non-performing loan ratio", "不良贷款率", 1.12, 0.01),
    ],
    entities: [pair("DBS", "星展银行"), pair("OCBC", "华侨银行"), pair("UOB", "大华银行")],
    drivers: [
      pair("wealth inflows into Singapore", "流入新加坡的财富管理资金"),
      pair("hedged deposit costs", "已对冲的存款成本"),
      pair("strong capital return", "积极的资本回报"),
    ],
    risks: [
      pair("faster-than-expected rate cuts", "降息快于预期"),
      pair("rising SME delinquencies", "中小企业逾期上升"),
    ],
    specs: [
      pair("a CET1 ratio of 14.6%", "14.6%的核心一级资本充足率"),
      pair("a quarterly dividend of S$0.60 a share", "每股0.60新元的季度股息"),
    ],
    places: [pair("Singapore", "新加坡"), pair("Hong Kong", "香港")],
    tags: ["banks", "financials", "margins"],
  },
];
