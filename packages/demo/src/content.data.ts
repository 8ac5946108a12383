/**
 * The demo's notices, news and contact page, in the house's own voice. `{picture:key}` in a
 * text is replaced by the address of that demo picture once it is in the upload store.
 */
export interface DemoArticle {
  kind: 'notice' | 'news';
  title: string;
  summary: string;
  /** A demo picture key (`banner-1`, `product-1-1`), or none. */
  cover?: string;
  content: string;
  /** Published this many days before the demo was loaded. */
  daysAgo: number;
}

export const demoArticles: DemoArticle[] = [
  {
    kind: 'notice',
    title: '关于冬季拍卖会日程安排的公告',
    summary: '冬季拍卖会分瓷器、玉器、书画、杂项四个专场，每日 10:00 起陆续开拍，预展同步开放。',
    daysAgo: 1,
    content: `<p>尊敬的各位会员：</p>
<p>本行冬季拍卖会将分为<strong>瓷器、玉器、书画、杂项</strong>四个专场，自本周起每日 10:00 起陆续开拍，每件拍品的开拍与结束时间以拍品页面所示为准。</p>
<h3>参拍须知</h3>
<ol>
<li>参与竞拍前须完成实名认证并设置交易密码。</li>
<li>出价时按拍品起拍价冻结保证金，未成交的保证金于拍卖结束后自动解冻。</li>
<li>拍品结束前最后 5 分钟内有人出价，结束时间自动顺延，请留意倒计时。</li>
<li>成交后请于 48 小时内完成付款，逾期未付将扣除保证金。</li>
</ol>
<p><img src="{picture:product-4-1}" alt="预展拍品：明嘉靖 青花鱼藻纹碗" /></p>
<p>预展图录已在“拍卖”页面上线，欢迎提前查看拍品细节。如有疑问，请通过“联系我们”页面与客服联系。</p>
<p>拾古拍卖 谨启</p>`,
  },
  {
    kind: 'notice',
    title: '新会员充值与提现指引',
    summary: '充值请银行转账至本行对公账户并备注手机号，财务核实后入账；提现仅可提至本人名下账户。',
    daysAgo: 4,
    content: `<p>欢迎加入拾古拍卖。为保障资金安全，本行不接受任何形式的个人收款，请按以下方式办理：</p>
<h3>充值</h3>
<ul>
<li>通过网银或柜台<strong>转账至本行对公账户</strong>（账户信息见“我的 → 联系我们”）。</li>
<li>转账附言请填写<strong>您注册时的手机号</strong>，以便财务核对。</li>
<li>财务人员核实到账后为您入账，工作时间内一般 30 分钟内完成，入账记录可在“账单”中查看。</li>
</ul>
<h3>提现</h3>
<ul>
<li>提现须完成实名认证，并输入交易密码。</li>
<li>资金<strong>仅可提至与您实名一致的银行账户</strong>，不支持提至他人账户。</li>
<li>单笔 100 元至 50,000 元，每日最多 3 笔，手续费 0.5%（最低 2 元）。</li>
</ul>
<blockquote>本行工作人员不会以任何理由要求您向个人账户转账，请谨防诈骗。</blockquote>`,
  },
  {
    kind: 'notice',
    title: '谨防诈骗：本行从不承诺“寄拍保证收益”',
    summary: '近期有不法分子冒用本行名义，以“寄拍保证收益”“匹配买家”为名诱导转账，请广大会员提高警惕。',
    daysAgo: 9,
    content: `<p>近期，有不法分子冒用本行名义，在社交平台以“寄拍保证收益”“代为匹配买家”“高额返佣”等说法诱导藏家转账。</p>
<p>本行郑重声明：</p>
<ol>
<li>委托拍卖的成交价格完全由公开竞价决定，拍品可能流拍，本行<strong>不承诺任何转售价格、回购或固定收益</strong>。</li>
<li>本行不设多级分销或层级返佣。</li>
<li>本行唯一收款方式为对公账户转账，从不使用个人账户收款。</li>
</ol>
<p>如遇可疑情况，请立即通过“联系我们”页面的客服电话核实。</p>`,
  },
  {
    kind: 'notice',
    title: '提货寄送时效说明',
    summary: '提货申请经核对后 3 个工作日内发出，贵重藏品全程保价并使用专业包装。',
    daysAgo: 15,
    content: `<p>您在本行购得或竞得的藏品由本行代为保管，可随时在“我的 → 提货”中申请寄送至收货地址。</p>
<ul>
<li>提货申请经核对后 <strong>3 个工作日内</strong>发出，发货后可查看物流单号。</li>
<li>瓷器、玉器等易碎藏品使用定制囊匣与防震包装，全程保价。</li>
<li>签收前请当面开箱验货，如有破损请拒收并立即联系客服。</li>
</ul>`,
  },
  {
    kind: 'news',
    title: '秋季珍藏专场圆满落幕 清乾隆青花赏瓶经多轮竞价成交',
    summary: '秋季珍藏专场近日落幕，清乾隆青花缠枝莲纹赏瓶经二十余轮竞价成交，全场成交率过七成。',
    cover: 'banner-1',
    daysAgo: 2,
    content: `<p>本行秋季珍藏专场近日圆满落幕。专场共推出瓷器、玉器、木器、文房等各类拍品，吸引众多藏家在线参拍，全场成交率超过七成。</p>
<p><img src="{picture:product-1-1}" alt="清乾隆 青花缠枝莲纹赏瓶" /></p>
<p>其中备受关注的<strong>清乾隆 青花缠枝莲纹赏瓶</strong>，青花发色浓艳，缠枝莲纹饰繁而不乱，自开拍起即有多位藏家竞相出价，经二十余轮竞价后落槌成交。</p>
<p>本行感谢各位藏家的支持。下一期拍卖预展即将开启，敬请关注本行公告。</p>`,
  },
  {
    kind: 'news',
    title: '明清瓷器精选专场预展开启',
    summary: '明清瓷器精选专场预展即日开启，涵盖青花、粉彩、单色釉等品类，欢迎藏家预约观展。',
    cover: 'banner-2',
    daysAgo: 6,
    content: `<p>明清瓷器精选专场预展即日开启，本次预展涵盖<strong>青花、粉彩、单色釉</strong>等品类，时代自明中期至清晚期。</p>
<p><img src="{picture:product-2-1}" alt="明中期 青花鱼藻纹罐" /></p>
<p>预展期间，藏家可在线查看每件拍品的多角度图片、尺寸与来源说明，亦可预约至本行库房实物观展。专场拍卖开始后，所有拍品均为公开竞价，价高者得。</p>`,
  },
  {
    kind: 'news',
    title: '鉴藏有道：从胎釉与纹饰看青花瓷的年代',
    summary: '青花瓷断代可从胎质、釉面、青花发色与纹饰布局入手，本文以几件馆藏为例简要介绍。',
    cover: 'banner-3',
    daysAgo: 12,
    content: `<p>青花瓷是收藏入门者最常接触的品类之一。判断一件青花器的年代，可以从以下几个方面入手：</p>
<ol>
<li><strong>胎质</strong>：明早期胎体略厚，清康雍乾时期胎质细白坚致。</li>
<li><strong>釉面</strong>：明代釉面多泛青，清中期釉面莹润，多呈“粉白”。</li>
<li><strong>青花发色</strong>：苏麻离青多见晕散与铁锈斑，国产青料发色较为稳定。</li>
<li><strong>纹饰</strong>：缠枝莲、鱼藻、龙凤等纹样的画法与布局，各朝均有其时代特征。</li>
</ol>
<p><img src="{picture:product-3-1}" alt="清康熙 青花缠枝莲纹盘" /></p>
<p>鉴定需综合多方面特征，单凭一点难下定论。本行所有拍品均附来源说明，欢迎藏家咨询。</p>`,
  },
];

/** The house's particulars on 关于本行 (the licence number marked as the demo's own). */
export const demoHouse = {
  company: '上海拾古拍卖有限公司',
  licence: '沪拍字（演示）第 2018-016 号',
  foundedYear: 2018,
  address: '上海市黄浦区南京东路 100 号 拾古拍卖 3 楼',
};

/** The house's WeChat service account, which the QR code on the contact page opens. */
export const DEMO_WECHAT_URL = 'https://weixin.qq.com/r/shigu-paimai-kefu';

export const demoContact = {
  phone: '400-820-1688',
  wechat: 'shigu_kefu',
  email: 'service@shigu-auction.cn',
  serviceHours: '周一至周日 9:00–21:00（法定节假日顺延）',
  address: '上海市黄浦区南京东路 100 号 拾古拍卖 3 楼',
  notes: [
    '充值：请通过网银或柜台转账至本行对公账户——户名：上海拾古拍卖有限公司，开户行：中国工商银行上海南京东路支行，账号：1001 2345 6789 0123 456。转账附言请填写您注册的手机号，财务人员核实到账后为您入账（工作时间内一般 30 分钟内），入账记录可在“账单”中查看。',
    '提现：完成实名认证并设置交易密码后，可在“我的”中申请提现。资金仅可提至与您实名一致的本人银行账户；单笔 100 元至 50,000 元，每日最多 3 笔，手续费 0.5%（最低 2 元），审核通过后 1 至 2 个工作日到账。',
    '本行从不使用个人账户收款，工作人员也不会要求您向任何个人转账，如有疑问请先致电客服核实。',
  ].join('\n'),
  // The same account as the notes above, as the top-up page shows it (with copy buttons).
  bankName: '中国工商银行上海南京东路支行',
  bankAccountName: '上海拾古拍卖有限公司',
  bankAccountNo: '1001 2345 6789 0123 456',
  bankNotes: [
    '转账附言请填写您注册的手机号，便于财务核对入账。',
    '工作时间（9:00–18:00）转账一般 30 分钟内入账，其他时间顺延至下一个工作时段；入账后可在“账单明细”中查看。',
    '请使用本人名下的银行账户转账；本行从不使用个人账户收款。',
  ].join('\n'),
};
