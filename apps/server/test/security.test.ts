import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Caller,
  login,
  loggedIn,
  makeEnterprise,
  TEST_PASSWORD,
  type TestPlatform,
  startTestPlatform,
} from './harness';
import {
  codeIn,
  INTERNAL,
  lastMailTo,
  MAIL,
  lastSmsTo,
  mailText,
  refusedNumbers,
  S,
  SMS,
  startSecurityPeers,
  stopSecurityPeers,
} from './securityPeers';

// The security centre, profile and password retrieval through HTTP, a real database and the
// delivery peers of securityPeers.ts: a real SMTP server and a signature-checking SMS provider
// (docs/requirements/account-security.md §1, §3).

const NEW_PASSWORD = 'New_pass42';

// ---- the platform ----------------------------------------------------------------------------

let p: TestPlatform;
let alpha: { orgId: number; adminId: number; admin: string };
let bravo: { orgId: number; adminId: number; admin: string };
let admin: Caller;
let rival: Caller;

const call = <T = unknown>(c: Caller, path: string, body: Record<string, unknown> = {}) =>
  c.post<T>(path, body, true);
const actions = async (accountId: number) =>
  (
    await p.ctx.db.query<{ action: string }>(
      'select action from operation_log where account_id = $1 order by id',
      [accountId],
    )
  ).map((r) => r.action);
const accountRow = async (id: number) =>
  (
    await p.ctx.db.query<{
      tel: string;
      email: string;
      password_hash: string;
      avatar: string;
      dept_id: number | null;
    }>('select tel, email, password_hash, avatar, dept_id from accounts where id = $1', [id])
  )[0]!;
/** Moves past the 60 s between two codes to the same account or address. */
const nextMinute = () => p.clock.advanceMinutes(1.1);

beforeAll(async () => {
  p = await startTestPlatform(await startSecurityPeers());
  alpha = await makeEnterprise(p.ctx.db, 'Alpha');
  bravo = await makeEnterprise(p.ctx.db, 'Bravo');
  await p.ctx.db.query(
    "update accounts set tel = '13800138000', email = 'alpha@example.test' where id = $1",
    [alpha.adminId],
  );
  await p.ctx.db.query(
    "update accounts set tel = '13900139000', email = 'bravo@example.test' where id = $1",
    [bravo.adminId],
  );
  admin = await loggedIn(p.app, alpha.admin);
  rival = await loggedIn(p.app, bravo.admin, 'zh-CN');
});

afterAll(async () => {
  await p?.stop();
  await stopSecurityPeers();
});

/** A ticket of the security centre through the phone code. */
async function smsTicket(c: Caller, tel: string): Promise<string> {
  nextMinute();
  expect((await call(c, `${SMS}getSMSCode.action`)).body.code).toBe('200');
  const code = lastSmsTo(tel)!.params[0]!;
  const res = await call<{ ticket: string }>(c, `${S}validateSmsVerifycode.action`, { code });
  expect(res.body.code).toBe('200');
  return res.body.data.ticket;
}

describe('security summary', () => {
  it('answers the own account with phone and e-mail masked', async () => {
    const res = await call<Record<string, unknown>>(admin, `${S}getUserMessage.action`);
    expect(res.body.code).toBe('200');
    expect(res.body.data).toMatchObject({
      loginname: alpha.admin,
      tel: '138****8000',
      email: 'al***@example.test',
      hasQuestions: false,
      smsEnabled: true,
      chatAppBound: false,
    });
  });

  it('needs a session', async () => {
    const res = await call(new Caller(p.app), `${S}getUserMessage.action`);
    expect(res.body.code).toBe('1006');
  });
});

describe('phone codes (Tencent Cloud SMS)', () => {
  it('are signed as the provider checks, valid once, and one a minute', async () => {
    nextMinute();
    const sent = await call(admin, `${SMS}getSMSCode.action`);
    expect(sent.body.code).toBe('200');
    const sms = lastSmsTo('13800138000')!;
    expect(sms.params[1]).toBe('10');
    const again = await call(admin, `${SMS}getSMSCode.action`);
    expect(again.body.code).toBe('90010');

    const wrong = sms.params[0] === '000000' ? '000001' : '000000';
    expect((await call(admin, `${S}validateSmsVerifycode.action`, { code: wrong })).body.code).toBe('1003');
    const ok = await call<{ ticket: string }>(admin, `${S}validateSmsVerifycode.action`, {
      code: sms.params[0],
    });
    expect(ok.body.code).toBe('200');
    expect(ok.body.data.ticket.length).toBeGreaterThan(20);
    expect((await call(admin, `${S}validateSmsVerifycode.action`, { code: sms.params[0] })).body.code).toBe(
      '1003',
    );

    const [row] = await p.ctx.db.query<{ status: string; provider: string; body: string }>(
      "select status, provider, body from notification_outbox where channel = 'sms' order by id desc limit 1",
    );
    expect(row).toMatchObject({ status: 'sent', provider: 'tencent' });
  });

  it('expire after 10 minutes (1004)', async () => {
    nextMinute();
    await call(admin, `${SMS}getSMSCode.action`);
    const code = lastSmsTo('13800138000')!.params[0];
    p.clock.advanceMinutes(10.5);
    expect((await call(admin, `${S}validateSmsVerifycode.action`, { code })).body.code).toBe('1004');
  });

  it('are used up by the fifth wrong try', async () => {
    nextMinute();
    expect((await call(admin, `${SMS}getSMSCode.action`)).body.code).toBe('200');
    const code = lastSmsTo('13800138000')!.params[0]!;
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++)
      expect((await call(admin, `${S}validateSmsVerifycode.action`, { code: wrong })).body.code).toBe('1003');
    expect((await call(admin, `${S}validateSmsVerifycode.action`, { code })).body.code).toBe('1003');
  });

  it('refused by the provider is 1007, and the outbox says so', async () => {
    refusedNumbers.add('+8613900139000');
    nextMinute();
    const res = await call(rival, `${SMS}getSMSCode.action`);
    expect(res.body).toMatchObject({ code: '1007', message: '获取验证码失败，请稍后重试' });
    refusedNumbers.clear();
    const [row] = await p.ctx.db.query<{ status: string; error: string }>(
      "select status, error from notification_outbox where recipient = '13900139000' order by id desc limit 1",
    );
    expect(row!.status).toBe('failed');
    expect(row!.error).toContain('LimitExceeded');
  });

  it('are limited to ten an hour per account', async () => {
    // a fresh hour for the account: the earlier tests' codes are past it
    p.clock.advanceMinutes(61);
    for (let i = 0; i < 10; i++) {
      nextMinute();
      expect((await call(rival, `${SMS}getSMSCode.action`)).body.code).toBe('200');
    }
    nextMinute();
    expect((await call(rival, `${SMS}getSMSCode.action`)).body.code).toBe('90010');
    p.clock.advanceMinutes(61);
    // the virtual hours ended the idle sessions
    admin = await loggedIn(p.app, alpha.admin);
    rival = await loggedIn(p.app, bravo.admin, 'zh-CN');
  });
});

describe('changing the phone, verified by an e-mail code', () => {
  it('sends the code by SMTP, checks the new number and logs the change', async () => {
    nextMinute();
    expect((await call(admin, MAIL)).body.code).toBe('200');
    const mail = lastMailTo('alpha@example.test')!;
    expect(mail.raw).toContain('From: noreply@fieldhub.test');
    const code = codeIn(mailText(mail));
    const verified = await call<{ ticket: string }>(admin, `${S}validateEmailForChangePwd.action`, { code });
    expect(verified.body.code).toBe('200');
    const ticket = verified.body.data.ticket;

    // a number another account holds: 1016, before any code goes out
    expect((await call(admin, `${SMS}getSMSCodeForNew.action`, { tel: '13900139000' })).body.code).toBe(
      '1016',
    );
    expect(
      (await call(admin, `${S}setTel.action`, { ticket, tel: '13900139000', code: '123456' })).body.code,
    ).toBe('1016');

    nextMinute();
    expect((await call(admin, `${SMS}getSMSCodeForNew.action`, { tel: '13700137000' })).body.code).toBe(
      '200',
    );
    const newCode = lastSmsTo('13700137000')!.params[0]!;
    const wrong = newCode === '111111' ? '222222' : '111111';
    expect(
      (await call(admin, `${S}setTel.action`, { ticket, tel: '13700137000', code: wrong })).body.code,
    ).toBe('1003');
    expect((await accountRow(alpha.adminId)).tel).toBe('13800138000');
    // a ticket of another account is no ticket
    expect(
      (await call(rival, `${S}setTel.action`, { ticket, tel: '13700137000', code: newCode })).body.code,
    ).toBe('1004');

    const done = await call(admin, `${S}setTel.action`, { ticket, tel: '13700137000', code: newCode });
    expect(done.body.code).toBe('200');
    expect((await accountRow(alpha.adminId)).tel).toBe('13700137000');
    expect(await actions(alpha.adminId)).toContain('security.tel');
    // used once
    nextMinute();
    await call(admin, `${SMS}getSMSCodeForNew.action`, { tel: '13600136000' });
    const third = lastSmsTo('13600136000')!.params[0]!;
    expect(
      (await call(admin, `${S}setTel.action`, { ticket, tel: '13600136000', code: third })).body.code,
    ).toBe('1004');
  });

  it('changes the e-mail with a code sent to the new address', async () => {
    const ticket = await smsTicket(admin, '13700137000');
    nextMinute();
    expect((await call(admin, MAIL, { email: 'alpha.new@example.test' })).body.code).toBe('200');
    const code = codeIn(mailText(lastMailTo('alpha.new@example.test')!));
    // the code of the new address does not verify another address
    expect(
      (await call(admin, `${S}setEmail.action`, { ticket, email: 'other@example.test', code })).body.code,
    ).toBe('1003');
    nextMinute();
    await call(admin, MAIL, { email: 'alpha.new@example.test' });
    const code2 = codeIn(mailText(lastMailTo('alpha.new@example.test')!));
    expect(
      (await call(admin, `${S}setEmail.action`, { ticket, email: 'alpha.new@example.test', code: code2 }))
        .body.code,
    ).toBe('200');
    expect((await accountRow(alpha.adminId)).email).toBe('alpha.new@example.test');
    // the operation log names the change with the new address masked, never the address itself
    const [entry] = await p.ctx.db.query<{
      org_id: number;
      loginname: string;
      object_type: string;
      object_id: string;
      detail: unknown;
    }>(
      "select org_id, loginname, object_type, object_id, detail from operation_log where action = 'security.email' and account_id = $1",
      [alpha.adminId],
    );
    expect(entry).toMatchObject({
      org_id: alpha.orgId,
      loginname: alpha.admin,
      object_type: 'account',
      object_id: String(alpha.adminId),
      detail: { email: 'al***@example.test' },
    });
  });
});

describe('password and security questions', () => {
  it('checks the old password, then sets the password by the rule', async () => {
    expect(
      (await call(admin, `${S}validateOldPwdForChangePwd.action`, { password: 'Wrong_pass1' })).body.code,
    ).toBe('1001');
    const ok = await call<{ ticket: string }>(admin, `${S}validateOldPwdForChangePwd.action`, {
      password: TEST_PASSWORD,
    });
    const ticket = ok.body.data.ticket;
    const before = (await accountRow(alpha.adminId)).password_hash;
    const weak = await call(admin, `${S}setPwd.action`, {
      ticket,
      password: 'aaaa1111',
      confirm: 'aaaa1111',
    });
    expect(weak.body.code).toBe('10001');
    const mismatch = await call(admin, `${S}setPwd.action`, {
      ticket,
      password: NEW_PASSWORD,
      confirm: 'New_pass43',
    });
    expect(mismatch.body.code).toBe('10001');
    expect((await accountRow(alpha.adminId)).password_hash).toBe(before);
    const done = await call(admin, `${S}setPwd.action`, {
      ticket,
      password: NEW_PASSWORD,
      confirm: NEW_PASSWORD,
    });
    expect(done.body.code).toBe('200');
    expect((await login(new Caller(p.app), alpha.admin, NEW_PASSWORD)).body.code).toBe('200');
    expect(await actions(alpha.adminId)).toContain('security.password');
  });

  it('sets three questions; the answers verify, case and spaces aside', async () => {
    const questions = await call<string[]>(admin, `${S}getQuestions.action`);
    expect(questions.body.data.length).toBeGreaterThanOrEqual(3);
    const ticket = await smsTicket(admin, '13700137000');
    const items = [
      { question: questions.body.data[0], answer: 'Alice' },
      { question: questions.body.data[1], answer: 'Bob' },
      { question: 'Favourite pump?', answer: 'P-101' },
    ];
    const dup = await call(admin, `${S}setSecrecyMessage.action`, {
      ticket,
      items: [items[0], items[0], items[2]],
    });
    expect(dup.body.code).toBe('10001');
    expect((await call(admin, `${S}setSecrecyMessage.action`, { ticket, items })).body.code).toBe('200');
    const listed = await call<{ position: number; question: string }[]>(
      admin,
      `${S}getUserSecurityQuestion.action`,
    );
    expect(listed.body.data.map((q) => q.question)).toEqual(items.map((i) => i.question));
    expect(JSON.stringify(listed.body.data)).not.toContain('Alice');
    const answers = [
      { position: 1, answer: ' alice ' },
      { position: 2, answer: 'BOB' },
      { position: 3, answer: 'p-101' },
    ];
    const v = await call(admin, `${S}validateQuestionForChangePwd.action`, { answers });
    expect(v.body.code).toBe('200');
    expect(await actions(alpha.adminId)).toContain('security.question');
  });
});

describe('password retrieval', () => {
  it('by e-mail over SMTP: account, masked address, code, new password, old sessions ended', async () => {
    const anon = new Caller(p.app, 'zh-CN');
    const unknown = await call(anon, `${S}getUserEmail.action`, {
      scene: 'findpwd',
      loginname: 'nobody-here',
    });
    expect(unknown.body.code).toBe('90002');
    const methods = await call<Record<string, unknown>>(anon, `${S}getUserEmail.action`, {
      scene: 'findpwd',
      loginname: bravo.admin,
    });
    expect(methods.body.data).toEqual({
      tel: '139****9000',
      email: 'br***@example.test',
      hasQuestions: false,
      smsEnabled: true,
    });
    // without a session, the security centre's scene is closed
    expect((await call(anon, MAIL)).body.code).toBe('1006');
    nextMinute();
    expect((await call(anon, MAIL, { scene: 'findpwd', loginname: bravo.admin })).body.code).toBe('200');
    const mail = lastMailTo('bravo@example.test')!;
    expect(mailText(mail)).toContain('分钟内有效');
    const code = codeIn(mailText(mail));
    // a code of the retrieval does not verify the security centre, and the other way round
    expect((await call(rival, `${S}validateEmailForChangePwd.action`, { code })).body.code).toBe('1003');
    const v = await call<{ ticket: string }>(anon, `${S}validateEmailForChangePwd.action`, {
      scene: 'findpwd',
      loginname: bravo.admin,
      code,
    });
    expect(v.body.code).toBe('200');
    const ticket = v.body.data.ticket;
    const weak = await call(anon, `${INTERNAL}saveNewPassword.action`, {
      ticket,
      password: '12345678',
      confirm: '12345678',
    });
    expect(weak.body.code).toBe('10001');
    expect(weak.body.message).toContain('密码');
    const done = await call(anon, `${INTERNAL}saveNewPassword.action`, {
      ticket,
      password: NEW_PASSWORD,
      confirm: NEW_PASSWORD,
    });
    expect(done.body.code).toBe('200');
    expect(
      (
        await call(anon, `${INTERNAL}saveNewPassword.action`, {
          ticket,
          password: 'Other_pass1',
          confirm: 'Other_pass1',
        })
      ).body.code,
    ).toBe('1004');
    // the rival's session ended; the new password logs in
    expect((await call(rival, `${S}getUserMessage.action`)).body.code).toBe('1006');
    rival = new Caller(p.app, 'zh-CN');
    expect((await login(rival, bravo.admin, NEW_PASSWORD)).body.code).toBe('200');
    expect(await actions(bravo.adminId)).toContain('security.findpwd');
  });

  it('a security-centre ticket does not set a password in retrieval', async () => {
    const ticket = await smsTicket(admin, '13700137000');
    const res = await call(new Caller(p.app), `${INTERNAL}saveNewPassword.action`, {
      ticket,
      password: 'Third_pass1',
      confirm: 'Third_pass1',
    });
    expect(res.body.code).toBe('1004');
  });

  it('answers at most 30 account lookups per address in 10 minutes, so accounts cannot be listed', async () => {
    const lookup = (ip: string, loginname: string) =>
      p.app.inject({
        method: 'POST',
        url: `${S}getUserEmail.action`,
        remoteAddress: ip,
        payload: { scene: 'findpwd', loginname },
      });
    const codes: string[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((JSON.parse((await lookup('203.0.113.7', `nobody-${i}`)).payload) as { code: string }).code);
    expect(codes.slice(0, 30).every((c) => c === '90002')).toBe(true);
    expect(codes[30]).toBe('90010');
    // the same name asked from another address still answers; the first address again after the window
    expect(JSON.parse((await lookup('203.0.113.8', alpha.admin)).payload)).toMatchObject({ code: '200' });
    p.clock.advanceMinutes(11);
    expect(JSON.parse((await lookup('203.0.113.7', alpha.admin)).payload)).toMatchObject({ code: '200' });
  });

  it('by security question, held after five wrong answers', async () => {
    const anon = new Caller(p.app);
    const who = { scene: 'findpwd', loginname: alpha.admin };
    const qs = await call<{ position: number }[]>(anon, `${S}getUserSecurityQuestion.action`, who);
    expect(qs.body.data).toHaveLength(3);
    const wrong = qs.body.data.map((q) => ({ position: q.position, answer: 'nope' }));
    for (let i = 0; i < 5; i++)
      expect(
        (await call(anon, `${S}validateQuestionForChangePwd.action`, { ...who, answers: wrong })).body.code,
      ).toBe('1026');
    const right = [
      { position: 1, answer: 'alice' },
      { position: 2, answer: 'bob' },
      { position: 3, answer: 'P-101' },
    ];
    expect(
      (await call(anon, `${S}validateQuestionForChangePwd.action`, { ...who, answers: right })).body.code,
    ).toBe('90010');
    p.clock.advanceMinutes(11);
    const ok = await call<{ ticket: string }>(anon, `${S}validateQuestionForChangePwd.action`, {
      ...who,
      answers: right,
    });
    expect(ok.body.code).toBe('200');
  });
});

describe('profile', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const dataUrl = (type: string, b: Buffer) => `data:${type};base64,${b.toString('base64')}`;

  it('takes a png; stores an svg, script and all, as a png; refuses an external picture, a disguised file and 100 KB', async () => {
    const ok = await call<{ avatar: string }>(admin, `${S}setAvatar.action`, {
      avatar: dataUrl('image/jpeg', png),
    });
    expect(ok.body.data.avatar.startsWith('data:image/png;base64,')).toBe(true);
    const hostile = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" onload="alert(1)"><script>alert(2)</script>' +
        '<rect width="8" height="8" fill="#f00"/></svg>',
    );
    const drawn = await call<{ avatar: string }>(admin, `${S}setAvatar.action`, {
      avatar: dataUrl('image/svg+xml', hostile),
    });
    expect(drawn.body.code).toBe('200');
    const stored = (await accountRow(alpha.adminId)).avatar;
    expect(stored).toBe(drawn.body.data.avatar);
    const bytes = Buffer.from(stored.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([144, 144]);
    expect(bytes.toString('latin1')).not.toContain('alert');
    for (const bad of [
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://evil.test/x.png"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="/etc/avatar.png"/></svg>',
      '<!DOCTYPE svg [<!ENTITY a "lol">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
    ])
      expect(
        (await call(admin, `${S}setAvatar.action`, { avatar: dataUrl('image/svg+xml', Buffer.from(bad)) }))
          .body.code,
      ).toBe('10007');
    expect(
      (await call(admin, `${S}setAvatar.action`, { avatar: dataUrl('image/png', Buffer.from('plain text')) }))
        .body.code,
    ).toBe('10007');
    const big = Buffer.concat([png, Buffer.alloc(100 * 1024)]);
    expect((await call(admin, `${S}setAvatar.action`, { avatar: dataUrl('image/png', big) })).body.code).toBe(
      '10008',
    );
    // no refusal touched the stored picture
    expect((await accountRow(alpha.adminId)).avatar).toBe(stored);
    expect(await actions(alpha.adminId)).toContain('security.avatar');
  });

  it('updates contact, department and the .pub key; another enterprise’s department is 90002', async () => {
    const [own] = await p.ctx.db.query<{ id: number }>(
      "insert into departments (org_id, name) values ($1, 'Maintenance') returning id",
      [alpha.orgId],
    );
    const [foreign] = await p.ctx.db.query<{ id: number }>(
      "insert into departments (org_id, name) values ($1, 'Theirs') returning id",
      [bravo.orgId],
    );
    const base = { contact: 'Ann', address: 'Hall 3', landingPage: '/monitor' };
    expect(
      (await call(admin, `${INTERNAL}updateLoginUser.action`, { ...base, deptId: foreign!.id })).body.code,
    ).toBe('90002');
    expect((await accountRow(alpha.adminId)).dept_id).toBeNull();
    expect(
      (
        await call(admin, `${INTERNAL}updateLoginUser.action`, {
          ...base,
          publicKeyName: 'id.txt',
          publicKey: 'ssh-ed25519 AAAA',
        })
      ).body.code,
    ).toBe('10007');
    expect(
      (
        await call(admin, `${INTERNAL}updateLoginUser.action`, {
          ...base,
          publicKeyName: 'id.pub',
          publicKey: 'x'.repeat(1024 * 1024 + 1),
        })
      ).body.code,
    ).toBe('10008');
    const ok = await call(admin, `${INTERNAL}updateLoginUser.action`, {
      ...base,
      deptId: own!.id,
      publicKeyName: 'id.pub',
      publicKey: 'ssh-ed25519 AAAAC3Nza user@host',
    });
    expect(ok.body.code).toBe('200');
    const summary = await call<Record<string, unknown>>(admin, `${S}getUserMessage.action`);
    expect(summary.body.data).toMatchObject({
      contact: 'Ann',
      deptName: 'Maintenance',
      publicKeyName: 'id.pub',
    });
    expect(await actions(alpha.adminId)).toContain('security.profile');
  });

  it('clears the chat-app binding (2303 when none)', async () => {
    expect((await call(admin, `${INTERNAL}unbindWeixin.action`)).body.code).toBe('2303');
    await p.ctx.db.query(
      "update accounts set chat_app_id = 'wx-open-1', chat_app_name = 'Ann W' where id = $1",
      [alpha.adminId],
    );
    expect(
      (await call<{ chatAppBound: boolean }>(admin, `${S}getUserMessage.action`)).body.data.chatAppBound,
    ).toBe(true);
    expect((await call(admin, `${INTERNAL}unbindWeixin.action`)).body.code).toBe('200');
    expect(
      (await call<{ chatAppBound: boolean }>(admin, `${S}getUserMessage.action`)).body.data.chatAppBound,
    ).toBe(false);
    expect(await actions(alpha.adminId)).toContain('security.chatApp.unbind');
  });
});
