/** Texts for `msg`: zh-Hans by default, English for `Accept-Language: en`. */
type Texts = Record<string, { zh: string; en: string }>;

export const reasonTexts: Texts = {
  VALIDATION: { zh: '参数错误', en: 'Invalid input' },
  UNAUTHENTICATED: { zh: '请先登录', en: 'Please log in' },
  SESSION_EXPIRED: { zh: '登录已失效，请重新登录', en: 'Your session has expired, please log in again' },
  NOT_FOUND: { zh: '内容不存在', en: 'Not found' },
  ROUTE_NOT_FOUND: { zh: '请求的地址不存在', en: 'No such path' },
  FORBIDDEN: { zh: '无权限执行此操作', en: 'You are not allowed to do this' },
  INTERNAL: { zh: '系统繁忙，请稍后再试', en: 'System busy, please try again later' },
  CAPTCHA_INVALID: { zh: '图形验证码错误或已过期，请刷新后重试', en: 'The image code is wrong or expired; refresh it' },
  SMS_CODE_INVALID: { zh: '短信验证码错误或已失效', en: 'The SMS code is wrong or expired' },
  SMS_COOLDOWN: { zh: '验证码发送过于频繁，请稍后再试', en: 'Codes are sent at most once a minute' },
  SMS_DAILY_LIMIT: { zh: '今日验证码发送次数已达上限', en: 'Daily limit of SMS codes reached' },
  PHONE_TAKEN: { zh: '该手机号已注册', en: 'This phone number is already registered' },
  PHONE_NOT_REGISTERED: { zh: '该手机号未注册', en: 'This phone number is not registered' },
  INVITE_CODE_INVALID: { zh: '邀请码不存在', en: 'Unknown invite code' },
  LOGIN_FAILED: { zh: '手机号或密码错误', en: 'Wrong phone number or password' },
  TRADE_PASSWORD_NOT_SET: { zh: '请先设置交易密码', en: 'Please set a trade password first' },
  TRADE_PASSWORD_WRONG: { zh: '交易密码错误', en: 'Wrong trade password' },
  TRADE_PASSWORD_LOCKED: {
    zh: '交易密码错误次数过多，请30分钟后再试',
    en: 'Too many wrong trade passwords; try again in 30 minutes',
  },
  REAL_NAME_REQUIRED: { zh: '请先完成实名认证', en: 'Real-name verification is required' },
  REAL_NAME_PENDING: { zh: '实名认证审核中，请耐心等待', en: 'Your verification is under review' },
  REAL_NAME_VERIFIED: { zh: '已完成实名认证', en: 'You are already verified' },
  REAL_NAME_NOT_PENDING: { zh: '该认证不在待审核状态', en: 'This verification is not pending' },
  ID_NUMBER_INVALID: { zh: '身份证号码不正确', en: 'Invalid ID number' },
  UPLOAD_INVALID: { zh: '请上传 JPG、PNG 或 WebP 图片', en: 'Upload a JPEG, PNG or WebP image' },
  UPLOAD_TOO_LARGE: { zh: '图片不能超过 5MB', en: 'Images are limited to 5 MiB' },
  UPLOAD_EXPIRED: { zh: '上传链接已失效，请重新上传', en: 'The upload link expired; upload again' },
  UPLOAD_USED: { zh: '该上传链接已使用，请重新上传', en: 'This upload link was already used; upload again' },
  UPLOAD_DIMENSIONS: {
    zh: '图片尺寸不符合要求（每边不超过 12000 像素，总计不超过 5000 万像素）',
    en: 'The image is too large in pixels (at most 12,000 a side and 50 megapixels)',
  },
  UPLOAD_MISSING: { zh: '图片未上传成功，请重新上传', en: 'The image was not uploaded; upload it again' },
  ACCOUNT_FROZEN: { zh: '账号已被冻结，请联系客服', en: 'This account is frozen; contact support' },
  INSUFFICIENT_BALANCE: { zh: '余额不足', en: 'Insufficient balance' },
  OUT_OF_STOCK: { zh: '库存不足', en: 'Out of stock' },
  ORDER_NOT_PENDING: { zh: '订单状态已变更', en: 'The order is no longer pending' },
  ORDER_EXPIRED: { zh: '订单已过期', en: 'The order has expired' },
  LOT_NOT_LIVE: { zh: '拍品不在竞拍中', en: 'The lot is not live' },
  LOT_NOT_OPEN: { zh: '拍品已截拍、结算或撤拍，不能再操作', en: 'The lot has ended, closed or been withdrawn' },
  BID_ALREADY_VOIDED: { zh: '该出价已作废', en: 'This bid is voided already' },
  BID_TOO_LOW: { zh: '出价低于最低加价', en: 'Your bid is below the next minimum' },
  OWN_LOT: { zh: '不能竞拍自己委托的拍品', en: 'You cannot bid on your own lot' },
  HOLDING_NOT_AVAILABLE: { zh: '藏品当前不可操作', en: 'This item is not available' },
  WITHDRAW_LIMIT: { zh: '超出提现限制', en: 'Withdrawal limit exceeded' },
  ACCOUNT_NAME_MISMATCH: { zh: '收款户名须与实名一致', en: 'The account name must match your verified name' },
  WITHDRAWAL_STATE_CHANGED: { zh: '提现状态已变更', en: 'The withdrawal’s status has changed' },
  RATE_LIMITED: { zh: '操作过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  STREAMS_FULL: {
    zh: '当前实时连接人数过多，请稍后再试',
    en: 'Too many live connections right now; please try again shortly',
  },
  IDEMPOTENCY_KEY_REUSED: {
    zh: '重复的请求标识用于不同的请求',
    en: 'This Idempotency-Key was used for a different request',
  },
  REQUEST_IN_PROGRESS: {
    zh: '上一次提交仍在处理中，请稍后再试',
    en: 'The first request with this key is still being processed; try again shortly',
  },
  OPERATOR_LOGIN_FAILED: { zh: '用户名或密码错误', en: 'Wrong username or password' },
  CAPTCHA_REQUIRED: {
    zh: '该账号近期登录失败较多，请输入图形验证码后再登录',
    en: 'This account failed to sign in several times lately; solve the image code to sign in',
  },
  USERNAME_TAKEN: { zh: '用户名已存在', en: 'This username is taken' },
  SELF_LOCKOUT: {
    zh: '不能停用自己的账号或取消自己的管理员角色',
    en: 'You cannot disable your own account or remove your own admin role',
  },
  CATEGORY_IN_USE: { zh: '分类下还有子分类或商品，不能删除', en: 'This category still has sub-categories or products' },
  ADDRESS_LIMIT: { zh: '最多保存20个收货地址', en: 'At most 20 addresses' },
  WATCH_LIMIT: { zh: '最多同时关注200件未结束的拍品', en: 'You can watch at most 200 open lots' },
  SAVED_SEARCH_LIMIT: { zh: '最多保存20个搜索，请先删除不用的', en: 'You can keep at most 20 saved searches' },
  PIECE_NOT_AVAILABLE: {
    zh: '该藏品没有可上拍的库存（已在拍、已售或被待付款订单占用）',
    en: 'No unit of this piece is free (in a lot, sold, or held by an unpaid order)',
  },
  ORDER_NOT_CANCELLABLE: { zh: '竞拍成交订单不能取消', en: 'An auction order cannot be cancelled' },
  CHANNEL_NOT_AVAILABLE: { zh: '该支付方式暂未开通', en: 'This payment method is not available' },
  RECHARGE_LIMIT: { zh: '充值金额超出单笔限额', en: 'The amount is outside the top-up limits' },
  NO_SHORTFALL: {
    zh: '余额已足够支付该订单，请直接支付',
    en: 'Your balance already covers this order; pay it directly',
  },
  PROVIDER_UNAVAILABLE: {
    zh: '支付渠道暂时无法处理，请稍后再试',
    en: 'The payment provider cannot take this right now; please try again later',
  },
  PAYOUT_NOT_ALIPAY: {
    zh: '仅支付宝提现可通过支付宝转账打款',
    en: 'Only a withdrawal to Alipay can be paid by Alipay transfer',
  },
  TOO_MANY_UNPAID_ORDERS: {
    zh: '您有未付款的订单，请先支付或取消后再下单',
    en: 'You have too many unpaid orders; pay or cancel one first',
  },
  CLAIM_NOT_RECEIVED: { zh: '仅可对已签收的藏品申请保障', en: 'Only a piece you received can be claimed' },
  CLAIM_WINDOW_CLOSED: {
    zh: '已超过签收后的保障申请期限',
    en: 'The guarantee period after receipt has passed',
  },
  CLAIM_EXISTS: { zh: '该藏品已有保障申请', en: 'This piece already has a claim' },
  CLAIM_DECIDED: { zh: '该保障申请已处理', en: 'This claim was already decided' },
  LOT_NOT_OFFERABLE: {
    zh: '仅买受人未付款而流拍的拍品可转让给次高出价人',
    en: 'Only a lot whose winner did not pay can be offered to the underbidder',
  },
  NO_UNDERBIDDER: { zh: '该拍品没有可转让的次高出价人', en: 'This lot has no underbidder to offer it to' },
  OFFER_EXISTS: { zh: '该拍品已有进行中的转让', en: 'This lot already has an open offer' },
  OFFER_CLOSED: { zh: '该转让已失效', en: 'This offer is no longer open' },
  QUESTIONS_CLOSED: { zh: '拍品已结束，不能再提问', en: 'This lot has ended; questions are closed' },
  QUESTION_LIMIT: {
    zh: '提问过多：每件拍品最多3个待回复的问题，每天最多20个',
    en: 'Too many questions: at most 3 unanswered on a lot and 20 a day',
  },
  QUESTION_NOT_OPEN: { zh: '该问题已回复或已隐藏', en: 'This question was already answered or hidden' },
};

/** Validation keys used by the shared schemas (`invalid.phone`) and their texts. */
export const fieldTexts: Texts = {
  'invalid.phone': { zh: '请输入正确的11位手机号', en: 'Enter a valid 11-digit mobile number' },
  'invalid.password': {
    zh: '密码须为8-32位，且同时包含字母和数字',
    en: 'Password: 8-32 characters with letters and digits',
  },
  'invalid.smsCode': { zh: '请输入6位短信验证码', en: 'Enter the 6-digit SMS code' },
  'invalid.tradePassword': { zh: '交易密码须为6位数字', en: 'The trade password is 6 digits' },
  'invalid.scene': { zh: '验证码场景不正确', en: 'Unknown SMS scene' },
  'invalid.captcha': { zh: '请输入图形验证码', en: 'Enter the image code' },
  'invalid.inviteCode': { zh: '邀请码格式不正确', en: 'Invalid invite code' },
  'invalid.nickname': { zh: '昵称为1-20个字符', en: 'Nickname: 1 to 20 characters' },
  'invalid.avatar': { zh: '头像须为上传的图片', en: 'The avatar must be an uploaded image' },
  'invalid.empty': { zh: '没有要修改的内容', en: 'Nothing to change' },
  'invalid.realName': { zh: '请输入真实姓名', en: 'Enter your legal name' },
  'invalid.idNumber': { zh: '身份证号码不正确', en: 'Invalid ID number' },
  'invalid.frontImage': { zh: '请上传身份证人像面', en: 'Upload the front of your ID card' },
  'invalid.backImage': { zh: '请上传身份证国徽面', en: 'Upload the back of your ID card' },
  'invalid.purpose': { zh: '上传用途不正确', en: 'Unknown upload purpose' },
  'invalid.username': {
    zh: '用户名为3-32位小写字母、数字或下划线',
    en: 'Username: 3-32 lowercase letters, digits or _',
  },
  'invalid.operatorPassword': { zh: '密码至少10位', en: 'Password: at least 10 characters' },
  'invalid.role': { zh: '角色不正确', en: 'Unknown role' },
  'invalid.frozen': { zh: '请指定是否冻结', en: 'Say whether to freeze' },
  'invalid.reason': { zh: '请填写原因', en: 'Give a reason' },
  'invalid.bidId': { zh: '出价编号不正确', en: 'Invalid bid id' },
  'invalid.note': { zh: '请填写备注（最多500字）', en: 'Give a note (at most 500 characters)' },
  'invalid.reference': {
    zh: '请填写银行转账流水号（最多64字）',
    en: 'Give the bank transfer reference (at most 64 characters)',
  },
  'invalid.amount': { zh: '金额须为正整数（分）', en: 'The amount must be a positive whole number of fen' },
  'invalid.remark': { zh: '请填写备注（最多200字）', en: 'Give a remark (at most 200 characters)' },
  'invalid.memberNote': {
    zh: '给会员的说明最多100字',
    en: 'The note for the member is at most 100 characters',
  },
  'invalid.approve': { zh: '请指定通过或驳回', en: 'Say approve or reject' },
  'invalid.type': { zh: '类型不正确', en: 'Unknown type' },
  'invalid.idempotencyKey': { zh: 'Idempotency-Key 须为1-64个字符', en: 'Idempotency-Key: 1 to 64 characters' },
  'invalid.id': { zh: '编号不正确', en: 'Invalid id' },
  'invalid.ids': { zh: '消息编号不正确（每次最多100条）', en: 'Invalid message ids (at most 100 at a time)' },
  'invalid.readTarget': { zh: '请指定要标为已读的消息，或全部已读', en: 'Give the messages to mark read, or all' },
  'invalid.char': { zh: '内容含有不允许的字符', en: 'The text contains a character that is not allowed' },
  'invalid.body': { zh: '请求内容须为 JSON', en: 'The request body must be JSON' },
  'invalid.bodyTooLarge': { zh: '请求内容过大', en: 'The request body is too large' },
  'invalid.path': { zh: '请求地址不正确', en: 'The request path is not valid' },
  'invalid.host': { zh: '请求的主机名不正确', en: 'The request’s host name is not valid' },
  'invalid.keyword': { zh: '搜索词最多40个字符', en: 'Search words: at most 40 characters' },
  'invalid.sort': { zh: '排序方式不正确', en: 'Unknown sort' },
  'invalid.minPrice': { zh: '最低价须为0或正整数（分）', en: 'Lowest price: zero or a whole number of fen' },
  'invalid.maxPrice': {
    zh: '最高价须为0或正整数（分），且不低于最低价',
    en: 'Highest price: a whole number of fen, not below the lowest',
  },
  'invalid.searchKind': {
    zh: '请选择搜索范围（商城、拍卖或全部）',
    en: 'Choose where to search: mall, auction or both',
  },
  'invalid.savedSearchEmpty': {
    zh: '请至少填写关键词、分类、年代或价格之一',
    en: 'Give a keyword, a department, an era or a price',
  },
  'invalid.collected': { zh: '请指定是否收藏', en: 'Say whether to collect' },
  'invalid.name': { zh: '名称为1-20个字符', en: 'Name: 1 to 20 characters' },
  'invalid.parentId': { zh: '上级分类不正确（最多两级）', en: 'Invalid parent category (two levels at most)' },
  'invalid.title': { zh: '标题长度不正确', en: 'Invalid title length' },
  'invalid.rulePlaceholder': {
    zh: '正文中有无法识别的占位符 {{…}}，只能使用编辑器列出的占位符',
    en: 'The text has a {{…}} placeholder that is not one of those listed',
  },
  'invalid.categoryId': { zh: '请选择存在的分类', en: 'Choose an existing category' },
  'invalid.cover': { zh: '请上传封面图', en: 'Upload a cover image' },
  'invalid.images': { zh: '请上传1-9张商品图片', en: 'Upload 1 to 9 images' },
  'invalid.price': { zh: '价格须为正整数（分）', en: 'The price must be a positive whole number of fen' },
  'invalid.marketPrice': { zh: '市场价须不低于售价', en: 'The market price must not be below the price' },
  'invalid.stock': { zh: '库存须为0或正整数', en: 'Stock must be zero or a positive whole number' },
  'invalid.description': { zh: '描述过长', en: 'The description is too long' },
  'invalid.era': { zh: '年代最多30个字符', en: 'Era: at most 30 characters' },
  'invalid.material': { zh: '材质最多30个字符', en: 'Material: at most 30 characters' },
  'invalid.dimensions': { zh: '尺寸最多60个字符', en: 'Dimensions: at most 60 characters' },
  'invalid.provenance': { zh: '来源最多200个字符', en: 'Provenance: at most 200 characters' },
  'invalid.tags': { zh: '标签最多5个，每个最多10个字符', en: 'At most 5 tags of 10 characters' },
  'invalid.position': { zh: '位置不正确', en: 'Unknown position' },
  'invalid.image': { zh: '请上传图片', en: 'Upload an image' },
  'invalid.link': {
    zh: '链接须为 /pages/ 开头的页面或 https 地址',
    en: 'The link must be an in-app /pages/ route or an https URL',
  },
  'invalid.productId': { zh: '商品不正确', en: 'Invalid product' },
  'invalid.quantity': { zh: '数量须为1-99', en: 'Quantity: 1 to 99' },
  'invalid.items': { zh: '请选择1-20种不重复的商品', en: 'Choose 1 to 20 different products' },
  'invalid.status': { zh: '状态不正确', en: 'Unknown status' },
  'invalid.source': { zh: '来源不正确', en: 'Unknown source' },
  'invalid.grade': { zh: '请选择品相等级', en: 'Choose a grade' },
  'invalid.photos': {
    zh: '品相照片须为本行上传的商品图片，最多12张',
    en: 'Photos: the house’s uploaded pictures, at most 12',
  },
  'invalid.text': { zh: '问题须为5-300个字', en: 'A question: 5 to 300 characters' },
  'invalid.answer': { zh: '请填写回复（最多1000字）', en: 'Write the answer (at most 1000 characters)' },
  'invalid.consignee': { zh: '请填写收货人（最多20字）', en: 'Give the consignee (at most 20 characters)' },
  'invalid.regionCode': { zh: '请选择省市区', en: 'Choose the province, city and district' },
  'invalid.detail': { zh: '详细地址为4-120个字符', en: 'Street address: 4 to 120 characters' },
  'invalid.latest': {
    zh: '最新版本号须为1-4段数字，如 1.2.10',
    en: 'Latest version: 1 to 4 dotted numbers, like 1.2.10',
  },
  'invalid.minSupported': {
    zh: '最低支持版本须为1-4段数字，且不高于最新版本',
    en: 'Minimum supported version: 1 to 4 dotted numbers, not above the latest',
  },
  'invalid.downloadUrl': {
    zh: '下载地址须为 https 地址（最多512个字符），有新版本时必填',
    en: 'Download address: an https URL (at most 512 characters), needed when there is a newer version',
  },
  'invalid.setting': { zh: '没有这项设置', en: 'No such setting' },
  'invalid.from': {
    zh: '开始时间须为1970年至2099年之间的毫秒时间戳',
    en: 'from: epoch milliseconds between 1970 and 2099',
  },
  'invalid.to': {
    zh: '结束时间须为1970年至2099年之间的毫秒时间戳',
    en: 'to: epoch milliseconds between 1970 and 2099',
  },
  'invalid.startsAt': {
    zh: '开始时间须为1970年至2099年之间的毫秒时间戳',
    en: 'startsAt: epoch milliseconds between 1970 and 2099',
  },
  'invalid.endsAt': {
    zh: '结束时间须为1970年至2099年之间的毫秒时间戳',
    en: 'endsAt: epoch milliseconds between 1970 and 2099',
  },
  'invalid.publishedAt': {
    zh: '发布时间须为1970年至2099年之间的毫秒时间戳',
    en: 'publishedAt: epoch milliseconds between 1970 and 2099',
  },
  'invalid.rechargeMaxAmount': {
    zh: '单笔最高充值不能低于单笔最低充值',
    en: 'The largest top-up must not be below the smallest',
  },
  'invalid.bankName': {
    zh: '请填写开户银行（最多60个字符）；户名、账号、开户行须一起填写',
    en: 'Give the bank (at most 60 characters); bank, account name and number go together',
  },
  'invalid.bankAccountName': {
    zh: '请填写账户名称（最多100个字符）；户名、账号、开户行须一起填写',
    en: 'Give the account name (at most 100 characters); bank, account name and number go together',
  },
  'invalid.bankAccountNo': {
    zh: '银行账号只能包含数字和空格（最多40个字符）；户名、账号、开户行须一起填写',
    en: 'The account number: digits and spaces, at most 40; bank, account name and number go together',
  },
  'invalid.bankNotes': { zh: '转账说明最多1000个字符', en: 'Transfer notes: at most 1,000 characters' },
  'invalid.updateContent': { zh: '更新说明最多2000个字符', en: 'Update notes: at most 2,000 characters' },
};

export type Lang = 'zh' | 'en';

/** English only when the request prefers it over Chinese. */
export function langOf(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return 'zh';
  const first = acceptLanguage.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh';
}

export function reasonText(reason: string, lang: Lang): string {
  return reasonTexts[reason]?.[lang] ?? reasonTexts.INTERNAL![lang];
}

export function fieldText(field: string, key: string | undefined, lang: Lang): string {
  const text = key ? fieldTexts[key]?.[lang] : undefined;
  if (text) return text;
  return lang === 'en' ? `${field}: invalid value` : `${field} 参数不正确`;
}
