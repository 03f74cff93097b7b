import { open, shot, toastText, choose, confirmPop, BASE } from './ui-helpers.tmp.mjs';
const [lang, user, pass] = process.argv.slice(2);
const en = lang === 'en-US';
const { browser, page } = await open(lang, user, pass);
try {
  await page.goto(BASE + '/manage/account/int');
  await page.waitForSelector('[data-testid=account-table]');
  await page.waitForTimeout(800);
  await shot(page, 'int-empty');
  // create with a bad password first
  await page.click('[data-testid=account-add]');
  await page.waitForSelector('[data-testid=account-form]');
  await page.waitForTimeout(400);
  await shot(page, 'int-form-empty');
  await page.fill('[data-testid=account-loginname]', 'a');
  await page.fill('[data-testid=account-password]', 'aaa111');
  await page.fill('[data-testid=account-confirm]', 'bbb');
  await page.locator('.ant-modal-footer button.ant-btn-primary').click();
  await page.waitForTimeout(500);
  await shot(page, 'int-form-errors');
  await page.fill('[data-testid=account-loginname]', 'zhang.san');
  await page.fill('[data-testid=account-password]', 'Abc_12345');
  await page.fill('[data-testid=account-confirm]', 'Abc_12345');
  await page.fill('[data-testid=account-tel]', '13800000001');
  await choose(page, 'account-role', 'Operator');
  await choose(page, 'account-department', 'Production');
  await page.waitForTimeout(300);
  await shot(page, 'int-form-filled');
  await page.locator('.ant-modal-footer button.ant-btn-primary').click();
  await toastText(page);
  await page.waitForTimeout(800);
  // second account, same phone -> server error toast
  await page.click('[data-testid=account-add]');
  await page.waitForSelector('[data-testid=account-form]');
  await page.waitForTimeout(300);
  const v = await page.inputValue('[data-testid=account-loginname]');
  console.log('fresh form loginname value:', JSON.stringify(v));
  await page.fill('[data-testid=account-loginname]', 'li.si');
  await page.fill('[data-testid=account-password]', 'Abc_12345');
  await page.fill('[data-testid=account-confirm]', 'Abc_12345');
  await page.fill('[data-testid=account-tel]', '13800000001');
  await choose(page, 'account-role', 'Viewer');
  await page.locator('.ant-modal-footer button.ant-btn-primary').click();
  await toastText(page);
  await shot(page, 'int-dup-phone');
  await page.fill('[data-testid=account-tel]', '13800000002');
  await page.locator('.ant-modal-footer button.ant-btn-primary').click();
  await toastText(page);
  await page.waitForTimeout(800);
  await shot(page, 'int-list');
  // edit: values of the row show, then change contact
  await page.click('[data-testid=edit-zhang\\.san]');
  await page.waitForSelector('[data-testid=account-form]');
  await page.waitForTimeout(400);
  await shot(page, 'int-edit');
  await page.locator('[data-testid=account-form] input#contact').fill('Zhang San');
  await page.locator('.ant-modal-footer button.ant-btn-primary').click();
  await toastText(page);
  await page.waitForTimeout(600);
  // edit other row: must show its values, not the previous
  await page.click('[data-testid=edit-li\\.si]');
  await page.waitForTimeout(500);
  console.log('edit li.si contact =', JSON.stringify(await page.locator('[data-testid=account-form] input#contact').inputValue()), 'tel =', await page.inputValue('[data-testid=account-tel]'));
  await page.locator('.ant-modal-footer button').first().click();
  await page.waitForTimeout(500);
  // disable
  await page.click('[data-testid=toggle-zhang\\.san]');
  await page.waitForTimeout(300);
  await shot(page, 'int-disable-confirm');
  await confirmPop(page, en ? 'OK' : '确');
  await toastText(page);
  await page.waitForTimeout(600);
  await shot(page, 'int-disabled');
  // status filter
  await page.locator('[data-testid=account-search] .ant-select').last().click();
  await page.waitForTimeout(200);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: en ? 'Disabled' : '已禁用' }).click();
  await page.locator('[data-testid=account-search] button[type=submit]').click();
  await page.waitForTimeout(800);
  await shot(page, 'int-filter-disabled');
  await page.locator('[data-testid=account-search] input').first().fill('nomatch');
  await page.locator('[data-testid=account-search] button[type=submit]').click();
  await page.waitForTimeout(800);
  await shot(page, 'int-filter-nomatch');
  await page.locator('[data-testid=account-search] button').last().click();
  await page.waitForTimeout(800);
  // reset password
  await page.click('[data-testid=reset-li\\.si]');
  await page.waitForSelector('[data-testid=reset-password-form]');
  await page.fill('[data-testid=reset-password]', 'abcdefgh');
  await page.fill('[data-testid=reset-confirm]', 'abcdefgX');
  await page.locator('.ant-modal-footer button.ant-btn-primary').click();
  await page.waitForTimeout(400);
  await shot(page, 'int-reset-errors');
  await page.fill('[data-testid=reset-password]', 'New_pass12');
  await page.fill('[data-testid=reset-confirm]', 'New_pass12');
  await page.locator('.ant-modal-footer button.ant-btn-primary').click();
  await toastText(page);
  await page.waitForTimeout(500);
  // delete
  await page.click('[data-testid=delete-li\\.si]');
  await page.waitForTimeout(300);
  await shot(page, 'int-delete-confirm');
  await confirmPop(page, en ? 'Delete' : '删');
  await toastText(page);
  await page.waitForTimeout(800);
  await shot(page, 'int-after-delete');
} catch (e) {
  console.log('FAILED', e.message);
  await shot(page, 'failure');
} finally {
  await browser.close();
}
