import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { AppError, CAPTCHA_VALID_MINUTES, Err } from '@fieldhub/shared';
import { one, type Db } from '../../db/db';
import { minutesFrom, type Clock } from '../../clock';

export const CAPTCHA_COOKIE = 'vcid';

export interface IssuedCaptcha {
  id: string;
  svg: string;
}

/** Draws a new image code, stores its answer for 10 minutes and drops expired ones. */
export async function issueCaptcha(db: Db, clock: Clock): Promise<IssuedCaptcha> {
  const now = clock.now();
  const drawn = svgCaptcha.create({
    size: 4,
    noise: 3,
    ignoreChars: '0oO1iIlL',
    color: true,
    width: 110,
    height: 40,
  });
  const id = randomBytes(18).toString('base64url');
  await db.query('delete from captchas where expires_at < $1', [now]);
  await db.query('insert into captchas(id, answer, expires_at) values ($1, $2, $3)', [
    id,
    drawn.text.toLowerCase(),
    minutesFrom(now, CAPTCHA_VALID_MINUTES),
  ]);
  return { id, svg: drawn.data };
}

/**
 * Checks an answer once: the code is consumed whatever the outcome, so each image allows a
 * single guess. Missing or timed-out codes are 1004, a wrong answer 1003.
 */
export async function consumeCaptcha(
  db: Db,
  clock: Clock,
  id: string | undefined,
  answer: string,
): Promise<void> {
  if (!id) throw new AppError(Err.verificationCodeExpired);
  const row = await one<{ answer: string; expires_at: Date }>(
    db,
    'delete from captchas where id = $1 returning answer, expires_at',
    [id],
  );
  if (!row || row.expires_at.getTime() < clock.now().getTime())
    throw new AppError(Err.verificationCodeExpired);
  if (row.answer !== answer.trim().toLowerCase()) throw new AppError(Err.verificationCodeError);
}
