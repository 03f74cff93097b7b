/**
 * Catalogue entries for people and money: login and session, accounts, third-party chat apps,
 * public sharing, enterprises, invoices, video provider and roles (docs/requirements/error-catalogue.md §3).
 */
import type { CatalogueEntry } from './catalogue';

export const accountEntries = [
  // Login, session and accounts (1001-1026). 1006 and 1010 also clear the session in the browser.
  { code: 1001, name: 'wrongCredentials', zh: '用户名或密码错误', en: 'Incorrect username or password' },
  { code: 1002, name: 'usernameRequired', zh: '请输入用户名', en: 'Username is required' },
  { code: 1003, name: 'verificationCodeError', zh: '验证码错误', en: 'Incorrect verification code' },
  {
    code: 1004,
    name: 'verificationCodeExpired',
    zh: '验证码已过期，请重新获取',
    en: 'The verification code has expired; please request a new one',
  },
  {
    code: 1005,
    name: 'tooManyFailures',
    zh: '错误次数过多，账号已锁定 {minutes} 分钟',
    en: 'Too many failed attempts; the account is locked for {minutes} minutes',
  },
  {
    code: 1006,
    name: 'loginTimeout',
    zh: '登录已超时，请重新登录',
    en: 'Your session has expired; please log in again',
  },
  {
    code: 1007,
    name: 'verificationCodeUnavailable',
    zh: '获取验证码失败，请稍后重试',
    en: 'Could not get a verification code; please try again later',
  },
  { code: 1008, name: 'accountDisabled', zh: '账号已被禁用', en: 'This account has been disabled' },
  {
    code: 1009,
    name: 'thirdPartyAccountBound',
    zh: '该第三方账号已绑定其他用户',
    en: 'This third-party account is already bound to another user',
  },
  {
    code: 1010,
    name: 'accountBoundElsewhere',
    zh: '账号已在别处绑定，请重新登录',
    en: 'This account has been bound elsewhere; please log in again',
  },
  {
    code: 1011,
    name: 'organizationError',
    zh: '所属组织信息错误',
    en: 'The account’s organization is invalid',
  },
  { code: 1012, name: 'lockValidationFailed', zh: '加密锁校验失败', en: 'Encryption lock validation failed' },
  {
    code: 1013,
    name: 'internalAccountLimit',
    zh: '内部账号数量已达上限',
    en: 'The internal account limit has been reached',
  },
  {
    code: 1014,
    name: 'externalAccountLimit',
    zh: '外部账号数量已达上限',
    en: 'The external account limit has been reached',
  },
  { code: 1015, name: 'usernameExists', zh: '用户名已存在', en: 'This username already exists' },
  { code: 1016, name: 'phoneExists', zh: '手机号已被使用', en: 'This phone number is already in use' },
  {
    code: 1017,
    name: 'roleTypeError',
    zh: '角色类型与所选权限不符',
    en: 'The role type does not allow the selected permissions',
  },
  {
    code: 1018,
    name: 'cannotDeleteOwnAccount',
    zh: '不能删除自己的账号',
    en: 'You cannot delete your own account',
  },
  {
    code: 1019,
    name: 'onlyInternalAccountsDeletable',
    zh: '只能删除内部账号',
    en: 'Only internal accounts can be deleted',
  },
  { code: 1020, name: 'tokenExpired', zh: '令牌已过期', en: 'The token has expired' },
  { code: 1021, name: 'tokenInvalid', zh: '令牌无效', en: 'The token is invalid' },
  { code: 1022, name: 'tokenUserInvalid', zh: '令牌对应的用户无效', en: 'The user of this token is invalid' },
  { code: 1023, name: 'authMethodError', zh: '认证方式错误', en: 'Invalid authentication method' },
  { code: 1024, name: 'snRegistered', zh: '该 SN 已注册', en: 'This SN is already registered' },
  // not in the seeds: a login that needs the image code but carries none (issue 17 item 11)
  {
    code: 1025,
    name: 'verificationCodeRequired',
    zh: '请输入图片中的验证码',
    en: 'Please enter the verification code shown in the image',
  },
  // not in the seeds: a wrong answer to the security questions (account-security.md §1.6, issue 20)
  {
    code: 1026,
    name: 'securityAnswerWrong',
    zh: '密保问题答案错误',
    en: 'The answers to the security questions are not right',
  },

  // Third-party chat apps (2301-2305): binding an account to receive alarms and messages.
  {
    code: 2301,
    name: 'chatAppNotConfigured',
    zh: '未配置第三方通讯应用',
    en: 'The chat app is not configured',
  },
  {
    code: 2302,
    name: 'chatAppAuthFailed',
    zh: '第三方通讯应用授权失败',
    en: 'Chat app authorization failed',
  },
  {
    code: 2303,
    name: 'chatAppNotBound',
    zh: '当前账号未绑定第三方通讯应用',
    en: 'This account is not bound to a chat app',
  },
  {
    code: 2304,
    name: 'chatAppBoundToOtherUser',
    zh: '该通讯应用账号已绑定其他用户',
    en: 'This chat app account is bound to another user',
  },
  {
    code: 2305,
    name: 'chatAppSendFailed',
    zh: '通过第三方通讯应用发送消息失败',
    en: 'Could not send the message through the chat app',
  },

  // Public access to shared devices and projects (2501-2507).
  { code: 2501, name: 'shareDisabled', zh: '分享已关闭', en: 'Sharing is turned off for this item' },
  { code: 2502, name: 'sharePasswordRequired', zh: '请输入访问密码', en: 'An access password is required' },
  { code: 2503, name: 'sharePasswordWrong', zh: '访问密码错误', en: 'Incorrect access password' },
  { code: 2504, name: 'shareTokenMissing', zh: '缺少访问令牌', en: 'The access token is missing' },
  { code: 2505, name: 'shareTokenInvalid', zh: '访问令牌无效', en: 'The access token is invalid' },
  {
    code: 2506,
    name: 'shareTokenExpired',
    zh: '访问令牌已过期，请重新打开分享链接',
    en: 'The access token has expired; open the share link again',
  },
  {
    code: 2507,
    name: 'shareFunctionNotAllowed',
    zh: '该分享未开放此功能',
    en: 'This share does not allow this function',
  },

  // Enterprises, invoices, video provider, roles.
  {
    code: 2901,
    name: 'enterpriseAccountLimit',
    zh: '每个企业最多 5 个账号',
    en: 'An enterprise can have at most 5 accounts',
  },
  {
    code: 3001,
    name: 'invoiceAmountTooLow',
    zh: '订单金额低于 500 元，不能开票',
    en: 'Orders under 500 yuan cannot be invoiced',
  },
  { code: 3002, name: 'invoiceOrdersRequired', zh: '请选择要开票的订单', en: 'Choose the orders to invoice' },
  { code: 3003, name: 'orderAlreadyInvoiced', zh: '订单已开票', en: 'This order has already been invoiced' },
  {
    code: 3004,
    name: 'invoiceAlreadyHandled',
    zh: '该开票申请已处理',
    en: 'This invoice request has already been handled',
  },
  {
    code: 3201,
    name: 'videoProviderError',
    zh: '获取视频服务数据失败',
    en: 'Could not fetch data from the video provider',
  },
  {
    code: 3202,
    name: 'videoConfigLimit',
    zh: '每个组织只能配置 1 个视频参数',
    en: 'Only one video configuration is allowed per organization',
  },
  { code: 3401, name: 'roleUuidExists', zh: '角色 UUID 已存在', en: 'This role UUID already exists' },
] as const satisfies readonly CatalogueEntry[];
