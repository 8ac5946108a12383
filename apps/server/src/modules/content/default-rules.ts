/**
 * The house's rules as first published; operators edit them in the console afterwards. Numbers
 * that are settings are written as placeholders (`{{withdrawMinYuan}}`, listed in
 * `rulePlaceholders`), filled in from the settings whenever a member reads the rule.
 */
export const defaultRules: { slug: string; title: string; content: string }[] = [
  {
    slug: 'agreement',
    title: '用户服务协议',
    content: `<h3>一、协议的接受</h3>
<p>欢迎使用拾古拍卖（以下简称“本平台”）。您在注册时勾选同意本协议，即表示您已阅读、理解并同意受本协议约束。本平台为古董艺术品的网上商城与公开竞价拍卖服务平台，由本平台运营方（以下简称“本行”）负责经营。</p>
<h3>二、账户</h3>
<p>1. 您须使用本人实名登记的中国大陆手机号码注册，一个手机号码仅可注册一个账户。</p>
<p>2. 登录密码须为 8 至 32 位，并同时包含字母和数字；交易密码为 6 位数字，用于支付与提现，连续输错 {{tradePasswordMaxFailures}} 次将锁定 {{tradePasswordLockMinutes}} 分钟，请勿与登录密码相同，亦勿告知他人。</p>
<p>3. 参与竞拍及申请提现前，您须完成实名认证。您提交的姓名与身份证件须真实、有效；同一身份信息下的多个账户视为同一竞买人。</p>
<p>4. 如发现账户存在被盗用、违规交易等情形，本行有权冻结账户，冻结期间账户所有登录状态将立即失效。</p>
<h3>三、藏品保管</h3>
<p>您在商城购买或竞拍成交并付款的藏品，由本行代为保管。您可随时申请提货（寄送至您的收货地址），或委托本行重新上拍。藏品保管期间的灭失、损毁风险由本行承担。</p>
<h3>四、资金</h3>
<p>账户余额以“分”为单位精确记账，每一笔资金变动均生成不可修改的账单记录。充值通过银行转账至本行对公账户，由财务人员核实后入账；提现仅可提至与您实名一致的账户。</p>
<h3>五、本行不做的事</h3>
<p>本行不承诺任何藏品的转售价格、回购或固定收益；委托拍卖的成交价格完全由公开竞价决定，藏品可能流拍。本行不设多级分销或层级返佣。任何以“寄拍保证收益”“匹配买家”为名的宣传均与本行无关，请您警惕。</p>
<h3>六、其他</h3>
<p>本协议的解释与争议解决适用中华人民共和国法律。本行可能不时修订本协议，修订后的协议将在平台公布，您继续使用即视为接受。</p>`,
  },
  {
    slug: 'privacy',
    title: '隐私政策',
    content: `<h3>我们收集的信息</h3>
<p>注册与登录所需的手机号码；实名认证所需的姓名、身份证号码及证件照片；收货所需的姓名、电话与地址；交易与资金记录。</p>
<h3>我们如何使用</h3>
<p>仅用于提供账户、交易、保管、物流、资金结算与依法履行反洗钱等义务。身份证照片仅供审核人员通过限时链接查看，不对外公开。</p>
<h3>我们如何保护</h3>
<p>登录密码与交易密码仅以不可逆的加密散列保存；登录凭证仅保存其散列；姓名、手机号与身份证号码在页面中均以掩码显示。</p>
<h3>您的权利</h3>
<p>您可以查询、更正您的个人信息，或联系客服注销账户。注销后，依法需要保留的交易记录将按法定期限保存。</p>`,
  },
  {
    slug: 'auction',
    title: '竞拍规则',
    content: `<h3>出价方式</h3>
<p>本平台采用代理出价：您提交愿意支付的最高价，系统将按加价幅度代您出价，当前价为刚好超过第二高出价一个加价幅度的金额，且不超过领先者的最高价。最高价相同时，先出价者领先。</p>
<h3>加价幅度</h3>
<p>{{incrementTable}}。</p>
<h3>延时规则</h3>
<p>结束前 {{softCloseSeconds}} 秒内有人出价，结束时间顺延至该出价后 {{softCloseSeconds}} 秒，但最长不超过原定结束时间后 {{softCloseCapMinutes}} 分钟。</p>
<h3>保证金</h3>
<p>出价时冻结最高价的 {{bidDepositPercent}}%（按分向上取整）作为保证金，同一拍品只冻结一次，提高最高价时补足差额。未成交者的保证金在拍品结束后解冻；成交者的保证金抵扣货款。成交后 {{auctionPaymentHours}} 小时内未付款的，订单取消，保证金不予退还。</p>
<h3>费用</h3>
<p>买方佣金为落槌价的 {{buyerPremiumPercent}}%，计入成交订单；卖方佣金为落槌价的 {{sellerCommissionPercent}}%，从委托人所得中扣除。</p>
<h3>公平与公开</h3>
<p>每次有效出价均记录服务器时间与序号，并附上一条出价的哈希值，出价记录公开可查，任何人均可校验其未被篡改。委托人不得竞拍自己委托的拍品。</p>`,
  },
  {
    slug: 'delegate',
    title: '委托拍卖规则',
    content: `<p>1. 您可将保管中的藏品委托本行上拍，并可设置保留价（不公开，仅显示“已达保留价”）。</p>
<p>2. 委托提交后由本行审核，审核通过将安排拍卖专场、起拍价与拍卖时间；审核不通过将说明原因，藏品恢复为保管中。审核前您可随时撤回委托。</p>
<p>3. 成交且买家付款后，您将获得落槌价扣除 {{sellerCommissionPercent}}% 卖方佣金后的金额；流拍或买家未付款的，藏品回到您的保管列表。</p>
<p>4. 本行不对委托藏品承诺任何成交价格或收益，成交价格完全由公开竞价产生。</p>`,
  },
  {
    slug: 'pick',
    title: '提货规则',
    content: `<p>1. 保管中的藏品可随时申请提货，一次可选择多件，寄往您的收货地址。</p>
<p>2. 本行将在 3 个工作日内打包发货，并在提货记录中提供承运公司与运单号。</p>
<p>3. 收到藏品后请及时确认收货；发货 {{pickAutoReceiveDays}} 天后未确认的，系统自动确认收货。</p>
<p>4. 贵重藏品建议当面开箱验货，如有破损请拒收并第一时间联系客服。</p>`,
  },
  {
    slug: 'withdraw',
    title: '提现规则',
    content: `<p>1. 提现须完成实名认证并输入交易密码，收款户名须与实名认证姓名一致。</p>
<p>2. 单笔提现金额最低 {{withdrawMinYuan}} 元、最高 {{withdrawMaxYuan}} 元，每日最多申请 {{withdrawPerDay}} 次。</p>
<p>3. 提现手续费为提现金额的 {{withdrawFeePercent}}%，最低 {{withdrawMinFeeYuan}} 元，从提现金额中扣除。</p>
<p>4. 申请后资金转为冻结状态，财务审核通过后打款；审核驳回的，冻结资金退回可用余额并说明原因。</p>`,
  },
  {
    // 关于本行 (issue 18): a guest may open rules, so the page about the house is one; its
    // particulars come from the settings and its figures are counted from the lots on every read.
    slug: 'about',
    title: '关于本行',
    content: `<h3>{{houseCompany}}</h3>
<p>创立于 {{houseFoundedYear}} 年（{{houseYears}} 年）。拍卖经营许可证：{{houseLicence}}。地址：{{houseAddress}}。</p>
<h3>近12个月</h3>
<p>成交拍品 <strong>{{lotsSold12m}}</strong> 件，成交率 <strong>{{sellThroughPercent12m}}%</strong>，成交总额 <strong>{{totalHammerYuan12m}}</strong> 元。数字由系统按已结束的拍品逐件统计：成交率为成交件数除以成交与流拍件数之和，撤拍的拍品不计。</p>
<h3>我们如何拍卖</h3>
<p>1. 所有拍品公开竞价，价格只由出价产生；本行不指定买家，不承诺任何成交价、收益、回购或转售。</p>
<p>2. 每一次出价都记入公开的出价记录并以哈希链相连，任何人都可以核对记录未被改动。</p>
<p>3. 本行为拍品和商品出具品相报告（等级、尺寸、重量、款识、修复情况及照片，注明鉴定人与日期），有证书的一并展示；竞拍前可在拍品页向本行提问，公开回复。</p>
<h3>本行保障</h3>
<p>收到藏品后 {{guaranteeDays}} 天内，如发现藏品与描述不符，可凭照片申请保障。经本行审核认定后，您所付款项退回账户余额，藏品退回本行；审核未通过的，本行说明理由。</p>`,
  },
];

/**
 * SHA-256 of each rule's first text, which wrote the settings' numbers out: a database still
 * holding that text unedited takes the text above at the next start.
 */
export const legacyDefaultRuleHashes: Partial<Record<string, string>> = {
  agreement: 'babe58282f554f495b74ceb878c9b8474f3daf745a9a346e4488d2c32341c894',
  auction: '9a72ea5ef850d1aeaaa149e53fc575088d7ce804b063829cce43cea38b425a4f',
  delegate: '356e537b478150304f93185de7ab476bfc7e962b22698ab142c3f5ccc793ed91',
  pick: '899af75324852491c8050e5ecec01d752d21cdea14d56059523cd47d04811f32',
  withdraw: '6bd7afc488a4d3a31156c51f6a64ca64cd73b69de28411e4c66c4705f558c115',
};
