/** Sector and commodity topics of the institute's coverage. */
import { pair, price, rate, type Topic } from "./topic-types.js";

export const SECTOR_TOPICS: Topic[] = [
  {
    id: "semiconductors",
    en: "Semiconductors",
    zh: "半导体",
    desks: ["semis-analyst", "ai-infra", "supply-chain"],
    subjects: [
      pair("HBM supply tightness into 2027", "2027年前HBM供给紧张"),
      pair("Advanced-packaging capacity (CoWoS)", "先进封装产能（CoWoS）"),
      pair("Memory price cycle", "存储芯片价格周期"),
      pair("Foundry capex guidance", "晶圆代工资本开支指引"),
    ],
    questions: [
      pair("Will HBM remain sold out through 2027?", "HBM会在2027年前持续售罄吗？"),
      pair("Is the DRAM contract-price upcycle already priced in?", "DRAM合约价上行周期是否已被市场计入？"),
      pair("Can CoWoS capacity double again next year?", "CoWoS产能明年能否再翻一番？"),
    ],
    metrics: [
      price("the Philadelphia Semiconductor Index", "费城半导体指数", pair("", ""), 6120, 0.016, 0),
      price("DDR5 16Gb contract prices", "DDR5 16Gb合约价", pair(" US$ per chip", "美元/颗"), 6.85, 0.01),
    ],
    entities: [
      pair("TSMC", "台积电"),
      pair("SK Hynix", "SK海力士"),
      pair("Samsung Electronics", "三星电子"),
      pair("Micron", "美光"),
    ],
    drivers: [
      pair("AI accelerator demand", "AI加速器需求"),
      pair("HBM capacity conversion from DRAM", "DRAM产能向HBM转换"),
      pair("inventory normalisation in smartphones", "智能手机库存正常化"),
    ],
    risks: [pair("a pause in hyperscaler orders", "云厂商暂停下单"), pair("new export controls", "新的出口管制")],
    specs: [pair("12-high HBM3E stacks", "12层堆叠的HBM3E"), pair("2-nanometre wafers at volume", "量产的2纳米晶圆")],
    places: [pair("Hsinchu", "新竹"), pair("South Korea", "韩国"), pair("Arizona", "亚利桑那州")],
    tags: ["semiconductors", "ai", "technology"],
  },
  {
    id: "ai-capex",
    en: "AI capex",
    zh: "AI资本开支",
    desks: ["ai-infra", "semis-analyst", "green-transition"],
    subjects: [
      pair("Hyperscaler capex guidance", "云厂商资本开支指引"),
      pair("Data-centre power constraints", "数据中心电力约束"),
      pair("AI monetisation versus spend", "AI变现与投入的对比"),
    ],
    questions: [
      pair("Is hyperscaler capex growth peaking next year?", "云厂商资本开支增速会在明年见顶吗？"),
      pair("Will grid connections cap data-centre growth in Asia?", "电网接入会限制亚洲数据中心的增长吗？"),
    ],
    metrics: [
      price(
        "combined hyperscaler capex",
        "主要云厂商资本开支合计",
        pair(" US$ bn a quarter", "0亿美元/季度"),
        118,
        0.004,
        0,
      ),
      rate("data-centre vacancy in Singapore", "新加坡数据中心空置率", 1.6, 0.02, 1),
    ],
    entities: [
      pair("Microsoft", "微软"),
      pair("Alphabet", "谷歌母公司Alphabet"),
      pair("Nvidia", "英伟达"),
      pair("Keppel DC", "吉宝数据中心"),
    ],
    drivers: [
      pair("inference workloads", "推理负载"),
      pair("sovereign AI programmes", "主权AI计划"),
      pair("enterprise copilots", "企业级AI助手"),
    ],
    risks: [pair("slower AI revenue conversion", "AI收入转化放缓"), pair("power-grid bottlenecks", "电网瓶颈")],
    specs: [pair("a 100 MW AI campus", "100兆瓦的AI园区"), pair("racks drawing 120 kW each", "单机柜功率120千瓦")],
    places: [pair("Johor", "柔佛"), pair("Singapore", "新加坡"), pair("Virginia", "弗吉尼亚州")],
    tags: ["ai", "capex", "data-centres"],
  },
  {
    id: "energy",
    en: "Energy",
    zh: "能源",
    desks: ["energy-analyst", "geopolitics", "green-transition"],
    subjects: [
      pair("OPEC+ supply policy", "OPEC+供给政策"),
      pair("Asian LNG demand", "亚洲液化天然气需求"),
      pair("Refining margins in Singapore", "新加坡炼油毛利"),
    ],
    questions: [
      pair(
        "Will OPEC+ unwind more cuts if Brent holds above US$80?",
        "若布伦特油价维持在80美元上方，OPEC+会进一步退出减产吗？",
      ),
      pair("Is the LNG market heading into surplus next year?", "液化天然气市场明年会走向过剩吗？"),
    ],
    metrics: [
      price("Brent crude", "布伦特原油", pair(" US$/bbl", "美元/桶"), 78.4, 0.015),
      price("JKM LNG", "JKM液化天然气", pair(" US$/MMBtu", "美元/百万英热单位"), 12.6, 0.02),
    ],
    entities: [pair("Saudi Aramco", "沙特阿美"), pair("QatarEnergy", "卡塔尔能源"), pair("PetroChina", "中国石油")],
    drivers: [
      pair("OPEC+ spare-capacity management", "OPEC+闲置产能管理"),
      pair("Chinese restocking", "中国补库存"),
      pair("new Qatari LNG trains", "卡塔尔新增液化天然气生产线"),
    ],
    risks: [
      pair("a demand slowdown in China", "中国需求放缓"),
      pair("supply disruption in the Strait of Hormuz", "霍尔木兹海峡供应中断"),
    ],
    specs: [
      pair("a 7.8 mtpa liquefaction train", "780万吨/年的液化生产线"),
      pair("a 300,000 barrel-a-day refinery", "日加工30万桶的炼油厂"),
    ],
    places: [pair("Saudi Arabia", "沙特阿拉伯"), pair("Qatar", "卡塔尔"), pair("Singapore", "新加坡")],
    tags: ["energy", "oil", "commodities"],
  },
  {
    id: "property",
    en: "Property",
    zh: "房地产",
    desks: ["property-analyst", "china-macro", "reits-analyst"],
    subjects: [
      pair("China property sales stabilisation", "中国房地产销售企稳"),
      pair("S-REIT refinancing costs", "新加坡房地产投资信托再融资成本"),
      pair("Hong Kong office vacancy", "香港写字楼空置率"),
    ],
    questions: [
      pair("Have China's new-home sales bottomed?", "中国新房销售是否已经触底？"),
      pair("Will lower rates re-rate S-REITs this year?", "降息能否在今年推动新加坡房地产投资信托估值修复？"),
    ],
    metrics: [
      rate("China new-home sales growth", "中国新房销售额同比增速", -8.5, 0.4, 1),
      rate("the S-REIT average distribution yield", "新加坡REIT平均派息率", 6.1, 0.03),
    ],
    entities: [
      pair("China Vanke", "万科"),
      pair("CapitaLand Integrated Commercial Trust", "凯德综合商业信托"),
      pair("Longfor", "龙湖集团"),
    ],
    drivers: [
      pair("mortgage-rate cuts", "房贷利率下调"),
      pair("housing-inventory buybacks by local governments", "地方政府收储存量房"),
      pair("lower funding costs", "融资成本下降"),
    ],
    risks: [pair("further developer defaults", "更多开发商违约"), pair("weak rental reversions", "租金续约回落")],
    specs: [
      pair("a 38% gearing ratio", "38%的资产负债率"),
      pair("a portfolio of 26 retail malls", "由26座购物中心构成的资产组合"),
    ],
    places: [pair("Shenzhen", "深圳"), pair("Singapore", "新加坡"), pair("Hong Kong", "香港")],
    tags: ["property", "reits", "china"],
  },
  {
    id: "ev",
    en: "EV supply chain",
    zh: "新能源车产业链",
    desks: ["ev-analyst", "metals-analyst", "green-transition", "supply-chain"],
    subjects: [
      pair("LFP battery exports", "磷酸铁锂电池出口"),
      pair("Lithium price floor", "锂价底部"),
      pair("EV price war in China", "中国电动车价格战"),
      pair("Indonesian nickel supply", "印尼镍供给"),
    ],
    questions: [
      pair("Has lithium carbonate found a floor?", "碳酸锂价格是否已经见底？"),
      pair("Will the EV price war squeeze battery makers' margins?", "电动车价格战会挤压电池厂商的利润率吗？"),
    ],
    metrics: [
      price("lithium carbonate", "碳酸锂", pair(" CNY/t", "元/吨"), 76500, 0.012, 0),
      rate("China NEV penetration", "中国新能源车渗透率", 52.4, 0.2, 1),
    ],
    entities: [pair("CATL", "宁德时代"), pair("BYD", "比亚迪"), pair("Tsingshan", "青山集团")],
    drivers: [
      pair("falling battery costs", "电池成本下降"),
      pair("plug-in hybrid demand", "插电混动需求"),
      pair("European localisation of cell plants", "电芯工厂在欧洲本地化"),
    ],
    risks: [pair("EU anti-subsidy duties", "欧盟反补贴关税"), pair("a nickel supply glut", "镍供给过剩")],
    specs: [
      pair("a 5C fast-charging LFP cell", "支持5C快充的磷酸铁锂电芯"),
      pair("a 40 GWh battery plant", "40吉瓦时的电池工厂"),
    ],
    places: [pair("Indonesia", "印度尼西亚"), pair("Hungary", "匈牙利"), pair("Fujian", "福建")],
    tags: ["ev", "batteries", "supply-chain"],
  },
  {
    id: "shipping",
    en: "Shipping",
    zh: "航运",
    desks: ["shipping-analyst", "supply-chain", "geopolitics"],
    subjects: [
      pair("Container freight after the Red Sea reopening", "红海复航后的集装箱运价"),
      pair("Newbuild order book", "新船订单"),
      pair("Dry-bulk rates and iron ore", "干散货运价与铁矿石"),
    ],
    questions: [
      pair("Will container rates fall below pre-2024 levels?", "集装箱运价会跌破2024年以前的水平吗？"),
      pair("Is the newbuild order book too large?", "新船订单规模是否过大？"),
    ],
    metrics: [
      price("the Shanghai Containerized Freight Index", "上海出口集装箱运价指数", pair("", ""), 1480, 0.02, 0),
      price("the Baltic Dry Index", "波罗的海干散货指数", pair("", ""), 1620, 0.025, 0),
    ],
    entities: [pair("Maersk", "马士基"), pair("COSCO Shipping", "中远海运"), pair("Evergreen", "长荣海运")],
    drivers: [
      pair("vessel deliveries", "新船交付"),
      pair("Suez Canal transits", "苏伊士运河通航量"),
      pair("front-loading ahead of tariffs", "关税生效前的抢出口"),
    ],
    risks: [pair("renewed attacks on shipping", "航运再度遭袭"), pair("port congestion", "港口拥堵")],
    specs: [
      pair("a 24,000 TEU container ship", "2.4万标准箱的集装箱船"),
      pair("dual-fuel methanol engines", "甲醇双燃料发动机"),
    ],
    places: [pair("the Red Sea", "红海"), pair("Singapore", "新加坡"), pair("Rotterdam", "鹿特丹")],
    tags: ["shipping", "trade", "freight"],
  },
  {
    id: "agriculture",
    en: "Agriculture",
    zh: "农产品",
    desks: ["agri-analyst", "asean-macro"],
    subjects: [
      pair("Palm oil and biodiesel mandates", "棕榈油与生物柴油掺混政策"),
      pair("Rice export policy", "大米出口政策"),
      pair("El Niño and crop yields", "厄尔尼诺与作物产量"),
    ],
    questions: [
      pair("Will Indonesia's B40 mandate tighten palm-oil supply?", "印尼B40掺混政策会收紧棕榈油供给吗？"),
      pair("Is India's rice export policy easing for good?", "印度的大米出口政策是否将持续放松？"),
    ],
    metrics: [
      price("crude palm oil", "毛棕榈油", pair(" MYR/t", "林吉特/吨"), 4215, 0.012, 0),
      price("Thai white rice", "泰国白米", pair(" US$/t", "美元/吨"), 412, 0.008, 0),
    ],
    entities: [
      pair("Wilmar International", "丰益国际"),
      pair("Sime Darby Plantation", "森那美种植"),
      pair("the Food Corporation of India", "印度食品公司"),
    ],
    drivers: [
      pair("biodiesel blending mandates", "生物柴油掺混要求"),
      pair("ageing plantation trees", "种植园树龄老化"),
      pair("monsoon rainfall", "季风降雨"),
    ],
    risks: [pair("a strong El Niño", "强厄尔尼诺"), pair("export levies", "出口关税")],
    specs: [
      pair("a 40% biodiesel blend", "40%的生物柴油掺混比例"),
      pair("yields of 3.6 tonnes of oil per hectare", "每公顷3.6吨的出油率"),
    ],
    places: [pair("Indonesia", "印度尼西亚"), pair("Malaysia", "马来西亚"), pair("India", "印度")],
    tags: ["agriculture", "commodities", "food"],
  },
];
