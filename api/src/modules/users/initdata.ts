import { parse, validate } from '@tma.js/init-data-node';
import { MSG, REFERRAL_PREFIX, ID_PATTERN } from '@zalik/contract';
import { unauthorized } from '../../lib/errors.js';

/**
 * How far ahead of our clock initData may be dated: Telegram's and ours drift a little, but a
 * date further ahead is not a clock's error, and would outlive INIT_DATA_MAX_AGE.
 */
export const INIT_DATA_CLOCK_SKEW_SECONDS = 5 * 60;

export interface TelegramProfile {
  telegramId: number;
  username: string;
  firstName: string;
  lastName: string;
  photo: string;
  /** The inviter's Telegram ID from `start_param=ref_<id>`, if any. */
  referrer: number | null;
}

/**
 * Checks initData's HMAC against the bot token and its age (not older than `maxAgeSeconds`, not
 * dated more than the clock skew ahead), then reads the user from it.
 * Every failure is a 401 with a message that tells which.
 */
export function verifyInitData(initData: string, botToken: string, maxAgeSeconds: number): TelegramProfile {
  if (!initData.trim()) throw unauthorized(MSG.initDataMissing);
  try {
    validate(initData, botToken, { expiresIn: maxAgeSeconds });
  } catch (e) {
    const name = e instanceof Error ? e.name : '';
    if (name === 'ExpiredError') throw unauthorized(MSG.initDataExpired);
    if (name === 'SignatureMissingError') throw unauthorized(MSG.initDataMissing);
    throw unauthorized(MSG.initDataInvalid);
  }
  let data: ReturnType<typeof parse>;
  try {
    data = parse(initData);
  } catch {
    throw unauthorized(MSG.initDataInvalid);
  }
  if (data.auth_date.getTime() > Date.now() + INIT_DATA_CLOCK_SKEW_SECONDS * 1000) throw unauthorized(MSG.initDataInvalid);
  const u = data.user;
  if (!u || !Number.isSafeInteger(u.id) || u.id <= 0) throw unauthorized(MSG.initDataNoUser);
  const ref = data.start_param?.startsWith(REFERRAL_PREFIX) ? data.start_param.slice(REFERRAL_PREFIX.length) : '';
  const referrer = ID_PATTERN.test(ref) && Number(ref) !== u.id ? Number(ref) : null;
  return {
    telegramId: u.id,
    username: u.username ?? '',
    firstName: u.first_name ?? '',
    lastName: u.last_name ?? '',
    photo: u.photo_url ?? '',
    referrer,
  };
}
