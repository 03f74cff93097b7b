import type { FastifyInstance } from 'fastify';
import { securityCalls as calls } from '@fieldhub/shared';
import type { AppContext } from '../../appContext';
import { handle } from '../../http/route';
import { codeDeliveryFrom } from './codeDelivery';
import * as security from './security.service';

/**
 * The security centre, profile and password retrieval (docs/requirements/account-security.md §1,
 * §3, §7). Every call is about one account: the caller's own, or in password retrieval the named
 * one, so no call reaches another account or another enterprise's data.
 */
export function securityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const delivery = codeDeliveryFrom(ctx.config);
  const deps: security.SecurityDeps = { db: ctx.db, clock: ctx.clock, delivery };
  const { db } = ctx;

  handle(app, calls.getUserMessage, async ({ auth, req }) =>
    security.summaryOf(
      await security.accountOf(deps, auth, { scene: 'security', loginname: '' }, req.ip),
      delivery,
    ),
  );
  handle(app, calls.getUserEmail, async ({ input, auth, req }) =>
    security.methodsOf(await security.accountOf(deps, auth, input, req.ip), delivery),
  );
  handle(app, calls.getUserSecurityQuestion, async ({ input, auth, req }) => {
    const account = await security.accountOf(deps, auth, input, req.ip);
    return (await security.questionsOfAccount(db, account.id)).map(({ position, question }) => ({
      position,
      question,
    }));
  });
  handle(app, calls.getQuestions, async ({ lang }) => security.SUGGESTED_QUESTIONS[lang]);

  // codes
  handle(app, calls.getSMSCode, async ({ input, auth, lang, req }) => {
    const account = await security.accountOf(deps, auth, input, req.ip);
    await security.sendCode(deps, account, {
      channel: 'sms',
      purpose: input.scene,
      address: account.tel,
      lang,
    });
  });
  handle(app, calls.getSMSCodeForNew, async ({ input, auth, lang, req }) => {
    const account = await security.accountOf(deps, auth, { scene: 'security', loginname: '' }, req.ip);
    await security.assertTelFree(db, input.tel, account.id);
    await security.sendCode(deps, account, { channel: 'sms', purpose: 'newTel', address: input.tel, lang });
  });
  handle(app, calls.getEmailCode, async ({ input, auth, lang, req }) => {
    const account = await security.accountOf(deps, auth, input, req.ip);
    // a new address only for the caller's own account in the security centre
    const toNew = input.email !== undefined && input.scene === 'security';
    await security.sendCode(deps, account, {
      channel: 'email',
      purpose: toNew ? 'newEmail' : input.scene,
      address: toNew ? input.email! : account.email,
      lang,
    });
  });

  // verify steps
  handle(app, calls.validateSmsVerifycode, async ({ input, auth, req }) => {
    const account = await security.accountOf(deps, auth, input, req.ip);
    await security.checkCode(deps, account.id, { channel: 'sms', purpose: input.scene, code: input.code });
    return security.issueTicket(deps, account.id, input.scene, 'tel');
  });
  handle(app, calls.validateEmailForChangePwd, async ({ input, auth, req }) => {
    const account = await security.accountOf(deps, auth, input, req.ip);
    await security.checkCode(deps, account.id, { channel: 'email', purpose: input.scene, code: input.code });
    return security.issueTicket(deps, account.id, input.scene, 'email');
  });
  handle(app, calls.validateQuestionForChangePwd, async ({ input, auth, req }) => {
    const account = await security.accountOf(deps, auth, input, req.ip);
    await security.checkAnswers(deps, account.id, input.answers);
    return security.issueTicket(deps, account.id, input.scene, 'question');
  });
  handle(app, calls.validateOldPwdForChangePwd, async ({ input, auth }) => {
    await security.checkOldPassword(deps, auth, input.password);
    return security.issueTicket(deps, auth.accountId, 'security', 'password');
  });

  // changes
  handle(app, calls.setPwd, ({ input, auth, req }) => security.changePassword(deps, auth, req.ip, input));
  handle(app, calls.setTel, ({ input, auth, req }) => security.changeTel(deps, auth, req.ip, input));
  handle(app, calls.setEmail, ({ input, auth, req }) => security.changeEmail(deps, auth, req.ip, input));
  handle(app, calls.setSecrecyMessage, ({ input, auth, req }) =>
    security.setQuestions(deps, auth, req.ip, input),
  );
  handle(app, calls.setAvatar, ({ input, auth, req }) =>
    security.setAvatar(deps, auth, req.ip, input.avatar),
  );
  handle(app, calls.updateLoginUser, ({ input, auth, req }) =>
    security.updateProfile(deps, auth, req.ip, input),
  );
  handle(app, calls.unbindWeixin, ({ auth, req }) => security.unbindChatApp(deps, auth, req.ip));
  handle(app, calls.saveNewPassword, ({ input, req }) => security.retrievePassword(deps, req.ip, input));
}
