import { getHeapStatistics } from 'node:v8';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { BROADCAST_RATE_PER_SECOND, CRYPTO_NETWORK_NAMES, EXPLANATION_PRICE_UAH, WITHDRAW_MIN_UAH_DEFAULT, type CryptoNetwork, type RateLimitName } from '@zalik/contract';
import { DEFAULT_ANALYTICS, DEFAULT_DB_TIMEOUTS, QUERY_TIMEOUT_MARGIN_MS, type AnalyticsPool, type DbTimeouts } from './db/timeouts.js';

/** Raised for a configuration the server must not start with; main prints it and exits 1. */
export class ConfigError extends Error {}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How long a PostgreSQL statement, an answer and an idle transaction may take (db/timeouts.ts). */
  dbTimeouts: DbTimeouts;
  /** The dashboard's and exports' own pool (db/client.ts `Database.analytics`). */
  analytics: AnalyticsPool;
  /** How long a dashboard panel's answer is shared by every admin who asks (0: never). */
  dashboardCacheSeconds: number;
  /**
   * How often the job `dashboard.refresh` stores every panel's answer (docs/DASHBOARD.md
   * "Snapshots"); a snapshot older than twice this is computed again. 0: no snapshots, every
   * panel computed when asked.
   */
  dashboardRefreshSeconds: number;
  /** The most items a whole (unpaged) list answers (http/json-stream.ts). */
  unpagedListMax: number;
  botToken: string;
  /** No real bot: a local token signs initData for demo personas. */
  demo: boolean;
  production: boolean;
  jwtSecret: string;
  jwtTtl: number;
  initDataMaxAge: number;
  adminTelegramIds: ReadonlySet<string>;
  publicUrl: string;
  jarUrl: string;
  botUsername: string;
  miniAppName: string;
  supportChatId: string | undefined;
  /** Bot API server (a self-hosted one, or a fake in tests); default Telegram's. */
  botApiRoot: string;
  /** Public https origin Telegram posts updates to; unset means long polling. */
  botWebhookUrl: string | undefined;
  /** Secret path segment and X-Telegram-Bot-Api-Secret-Token of the webhook. */
  botWebhookSecret: string;
  /** How often the outbox worker looks for due messages, in ms. */
  outboxPollMs: number;
  /** Bot API calls a second the outbox sends, broadcasts included (Telegram allows about 30). */
  outboxRatePerSecond: number;
  /** How often the job runner looks for due jobs, in ms (see docs/JOBS.md). */
  jobsPollMs: number;
  /** Jobs one instance runs at the same time. */
  jobsConcurrency: number;
  /** Days a one-off job that ran or was cancelled stays in `jobs` before it is deleted (failed ones stay). */
  jobsKeepDays: number;
  /** Days a handled bot update stays in `bot_inbox` before it is deleted (failed ones stay). */
  botInboxKeepDays: number;
  /** After SIGTERM, how long the instance keeps serving with /readyz failing before it closes. */
  shutdownDrainMs: number;
  metrics: MetricsConfig;
  overload: OverloadConfig;
  logFormat: 'pretty' | 'json';
  platformFeePercent: number;
  webDist: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  /** Requests per window on the costly or abusable routes (see plugins/rate-limit.ts). */
  rateLimits: RateLimits;
  /** How many reverse proxies in front of us may set X-Forwarded-For (0: trust none). */
  trustProxyHops: number;
  /** Keep the catalogue's hot reads in memory (db/catalogue-cache.ts); off behind a pooler that breaks LISTEN. */
  catalogueCache: boolean;
  /** Where file bytes live: DATA_DIR/blobs, or one S3-compatible bucket shared by every instance. */
  blobStore: BlobStoreConfig;
  /** Top-ups that credit themselves (docs/LEDGER.md "Deposits"). */
  deposits: DepositsConfig;
  /** The escrow's timers and limits (docs/LEDGER.md "Orders"). */
  orders: OrdersConfig;
  /** Withdrawals and saved payout details (docs/LEDGER.md "Withdrawals"). */
  payouts: PayoutsConfig;
  /** The AI tutor of an order (docs/EXPLANATIONS.md). */
  explanations: ExplanationsConfig;
}

export interface PayoutsConfig {
  /** The smallest withdraw request, kopecks. */
  minKop: number;
  /** A request no admin handled fails by itself (and is refunded) this long after it was made. */
  timeoutHours: number;
  /** New requests are announced to admins in one message per this many minutes. */
  noticeMinutes: number;
  /** AES-256 key sealing saved payout details and pending requests' cards. */
  detailsKey: Buffer;
  cryptoNetwork: CryptoNetwork;
}

/** `WITHDRAW_MIN_UAH=1000`: UAH, at most two decimals, at least 0.01. */
function withdrawMinKop(env: Env): number {
  const raw = env.WITHDRAW_MIN_UAH?.trim();
  if (!raw) return WITHDRAW_MIN_UAH_DEFAULT * 100;
  const kop = Math.round(Number(raw) * 100);
  if (!/^\d+(\.\d{1,2})?$/.test(raw) || kop < 1) throw new ConfigError(`WITHDRAW_MIN_UAH must be UAH, e.g. 1000, got "${raw}"`);
  return kop;
}

/**
 * `PAYOUT_DETAILS_KEY`: 32 bytes as 64 hex digits or base64. Required in production; elsewhere
 * a fixed development key stands in, so a demo's data stays readable across restarts.
 */
function detailsKey(env: Env, production: boolean): Buffer {
  const raw = env.PAYOUT_DETAILS_KEY?.trim();
  if (!raw) {
    if (production) throw new ConfigError('PAYOUT_DETAILS_KEY is required when NODE_ENV=production (32 bytes: 64 hex digits or base64)');
    return createHash('sha256').update('zalik-development-payout-details-key').digest();
  }
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new ConfigError('PAYOUT_DETAILS_KEY must be 32 bytes: 64 hex digits or base64');
  return key;
}

function payouts(env: Env, production: boolean): PayoutsConfig {
  const network = (env.PAYOUT_CRYPTO_NETWORK || 'USDT-TRC20').trim();
  if (!(CRYPTO_NETWORK_NAMES as string[]).includes(network)) {
    throw new ConfigError(`PAYOUT_CRYPTO_NETWORK must be one of ${CRYPTO_NETWORK_NAMES.join(', ')}, got "${network}"`);
  }
  return {
    minKop: withdrawMinKop(env),
    timeoutHours: hours(env, 'WITHDRAW_TIMEOUT_HOURS', 24, true),
    noticeMinutes: hours(env, 'WITHDRAW_NOTICE_MINUTES', 5, false, 'minutes'),
    detailsKey: detailsKey(env, production),
    cryptoNetwork: network as CryptoNetwork,
  };
}

export interface ExplanationsConfig {
  /** An OpenAI-compatible chat-completions API; null (no AI_BASE_URL): the feature is off. */
  provider: { baseUrl: string; apiKey: string; model: string } | null;
  /** A question with no whole answer by then is refunded. */
  timeoutMs: number;
  /** Tokens all answers of a Kyiv day may use; past it questions are refused uncharged (null: no budget). */
  dailyTokenBudget: number | null;
  /** What a question costs, in kopecks. */
  priceKopecks: number;
}

function explanations(env: Env): ExplanationsConfig {
  const baseUrl = env.AI_BASE_URL?.trim().replace(/\/+$/, '') || undefined;
  if (baseUrl && !/^https?:\/\//.test(baseUrl)) throw new ConfigError(`AI_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
  const rawPrice = env.AI_QUESTION_PRICE_UAH?.trim();
  const price = rawPrice ? Number(rawPrice) : EXPLANATION_PRICE_UAH;
  if (rawPrice && (!/^\d+(\.\d{1,2})?$/.test(rawPrice) || !Number.isFinite(price))) {
    throw new ConfigError(`AI_QUESTION_PRICE_UAH must be UAH with at most two decimals, e.g. 2, got "${rawPrice}"`);
  }
  const budget = int(env, 'AI_DAILY_TOKEN_BUDGET', 0, 0);
  return {
    provider: baseUrl ? { baseUrl, apiKey: env.AI_API_KEY?.trim() || 'none', model: env.AI_MODEL?.trim() || 'gpt-4o-mini' } : null,
    timeoutMs: int(env, 'AI_TIMEOUT_MS', 60_000, 100),
    dailyTokenBudget: budget > 0 ? budget : null,
    priceKopecks: Math.round(price * 100),
  };
}

/** Durations in hours, fractions allowed (tests and a demo use seconds). */
export interface OrdersConfig {
  /** A manual order's deadline after purchase (or after a revision), unless its task sets its own. */
  deadlineHours: number;
  /** An undelivered order is refunded this long after its deadline. */
  autoRefundHours: number;
  /** After a delivery the buyer has this long to accept, ask for a revision or dispute; then the money is released. */
  acceptHours: number;
  maxRevisions: number;
  /** The developer is reminded this long before the deadline (0: no reminder). */
  remindBeforeHours: number;
  /** An auto-generated order may be regenerated once, free, this long after its purchase. */
  reprocessWindowHours: number;
  /** How often each order timer's sweep looks for due orders (ms). */
  timersPollMs: number;
}

/** `ORDER_ACCEPT_HOURS=72`, or `0.001` (3.6 s) in a test: a number of hours, at least 0 (above 0 when `positive`). */
function hours(env: Env, name: string, fallback: number, positive: boolean, unit = 'hours'): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !Number.isFinite(n) || (positive && n <= 0) || n > 100_000) {
    throw new ConfigError(`${name} must be a number of ${unit}${positive ? ' above 0' : ''} (fractions allowed, e.g. 0.5), got "${raw}"`);
  }
  return n;
}

function orders(env: Env): OrdersConfig {
  return {
    deadlineHours: hours(env, 'ORDER_DEADLINE_HOURS', 24, true),
    autoRefundHours: hours(env, 'ORDER_AUTO_REFUND_HOURS', 48, false),
    acceptHours: hours(env, 'ORDER_ACCEPT_HOURS', 72, true),
    maxRevisions: int(env, 'ORDER_MAX_REVISIONS', 2),
    remindBeforeHours: hours(env, 'ORDER_REMIND_BEFORE_HOURS', 2, false),
    reprocessWindowHours: hours(env, 'REPROCESS_WINDOW_HOURS', 24, false),
    timersPollMs: int(env, 'ORDER_TIMERS_POLL_MS', 5000, 10),
  };
}

export interface DepositsConfig {
  /** What one Telegram Star credits, in kopecks (STARS_UAH_RATE in UAH). */
  kopecksPerStar: number;
  /** Added to the Stars price of a top-up (the Stars fee the student pays). */
  starsFeePercent: number;
  /** How long a deposit request may be paid, in minutes. */
  expireMinutes: number;
  /**
   * Monobank personal API; unset token: bank payments are recorded by an admin. `webhook`: point
   * the bank's webhook at PUBLIC_URL at start (it only brings the next statement read forward).
   */
  monobank: { token: string | undefined; jarAccount: string | undefined; apiRoot: string; pollMs: number; webhook: boolean };
}

/** `STARS_UAH_RATE=0.5`: UAH one Star credits, at most two decimals, > 0. */
function kopecksPerStar(env: Env): number {
  const raw = env.STARS_UAH_RATE?.trim();
  if (!raw) return 50;
  const uah = Number(raw);
  const kop = Math.round(uah * 100);
  if (!/^\d+(\.\d{1,2})?$/.test(raw) || kop < 1) throw new ConfigError(`STARS_UAH_RATE must be UAH per Star, e.g. 0.5, got "${raw}"`);
  return kop;
}

function deposits(env: Env): DepositsConfig {
  const starsFeePercent = int(env, 'STARS_FEE_PERCENT', 10);
  if (starsFeePercent > 100) throw new ConfigError('STARS_FEE_PERCENT must be 0-100');
  const token = env.MONOBANK_TOKEN?.trim() || undefined;
  const jarAccount = env.MONOBANK_JAR_ACCOUNT?.trim() || undefined;
  if (token && !jarAccount) throw new ConfigError('MONOBANK_TOKEN needs MONOBANK_JAR_ACCOUNT (the jar\'s account id from /personal/client-info)');
  const webhook = (env.MONOBANK_WEBHOOK || 'off').trim();
  if (webhook !== 'on' && webhook !== 'off') throw new ConfigError(`MONOBANK_WEBHOOK must be on or off, got "${env.MONOBANK_WEBHOOK}"`);
  if (webhook === 'on' && !(token && /^https:\/\//.test(env.PUBLIC_URL ?? ''))) {
    throw new ConfigError('MONOBANK_WEBHOOK=on needs MONOBANK_TOKEN and an https PUBLIC_URL (the bank calls it)');
  }
  return {
    kopecksPerStar: kopecksPerStar(env),
    starsFeePercent,
    expireMinutes: int(env, 'DEPOSIT_EXPIRE_MINUTES', 60, 1),
    monobank: {
      token,
      jarAccount,
      apiRoot: (env.MONOBANK_API_ROOT || 'https://api.monobank.ua').replace(/\/+$/, ''),
      // The bank answers one statement read a minute: a poll sooner than that after the last read (of any instance) skips.
      pollMs: int(env, 'MONOBANK_POLL_MS', 60_000, 1000),
      webhook: webhook === 'on',
    },
  };
}

export type BlobStoreConfig =
  | { kind: 'local' }
  | { kind: 's3'; endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };

const S3_VARS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION'] as const;

/** `BLOB_STORE=local` (default) or `s3`, which needs every S3_* variable. */
function blobStore(env: Env): BlobStoreConfig {
  const kind = (env.BLOB_STORE || 'local').trim();
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new ConfigError(`BLOB_STORE must be local or s3, got "${env.BLOB_STORE}"`);
  const missing = S3_VARS.filter((name) => !env[name]?.trim());
  if (missing.length) throw new ConfigError(`BLOB_STORE=s3 needs ${missing.join(', ')}`);
  const endpoint = env.S3_ENDPOINT!.trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^/?#]+$/.test(endpoint)) {
    throw new ConfigError(`S3_ENDPOINT must be an http(s) URL with no path, e.g. https://s3.eu-central-1.amazonaws.com, got "${env.S3_ENDPOINT}"`);
  }
  const bucket = env.S3_BUCKET!.trim();
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new ConfigError(`S3_BUCKET is not a valid bucket name: "${bucket}"`);
  return {
    kind,
    endpoint,
    bucket,
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
    region: env.S3_REGION!.trim(),
  };
}

export interface RateLimit {
  max: number;
  windowSeconds: number;
}
export type { RateLimitName };
export type RateLimits = Record<RateLimitName, RateLimit>;

/**
 * Generous on purpose: a person never meets them, a script does. Auth is counted per IP
 * (many students may share a mobile carrier's IP), the rest per user.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  auth: { max: 120, windowSeconds: 60 },
  purchase: { max: 30, windowSeconds: 60 },
  support: { max: 10, windowSeconds: 600 },
  upload: { max: 60, windowSeconds: 600 },
  explanation: { max: 10, windowSeconds: 60 },
  // Thread messages across all orders; each order also has its own limit (THREAD_RATE_MESSAGES).
  message: { max: 120, windowSeconds: 600 },
  // Each share asks Telegram to keep a card: a person shares a few, a script would fill the bot's quota.
  share: { max: 30, windowSeconds: 600 },
};

/** `RATE_LIMIT_AUTH=120/60`: at most 120 requests per 60 seconds. */
function rateLimits(env: Env): RateLimits {
  const out = { ...DEFAULT_RATE_LIMITS };
  for (const name of Object.keys(out) as RateLimitName[]) {
    const key = `RATE_LIMIT_${name.toUpperCase()}`;
    const raw = env[key]?.trim();
    if (!raw) continue;
    const m = /^(\d{1,9})\/(\d{1,7})$/.exec(raw);
    if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new ConfigError(`${key} must look like 120/60 (requests/seconds), got "${raw}"`);
    out[name] = { max: Number(m[1]), windowSeconds: Number(m[2]) };
  }
  return out;
}

type Env = Record<string, string | undefined>;

/** `DB_STATEMENT_TIMEOUT_MS`, `DB_QUERY_TIMEOUT_MS` (default: the statement's plus a margin), `DB_IDLE_IN_TRANSACTION_TIMEOUT_MS`. */
function dbTimeouts(env: Env): DbTimeouts {
  const statementMs = int(env, 'DB_STATEMENT_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.statementMs, 100);
  const queryMs = int(env, 'DB_QUERY_TIMEOUT_MS', statementMs + QUERY_TIMEOUT_MARGIN_MS, 100);
  // The other way round a slow statement would cost its connection instead of being cancelled.
  if (queryMs <= statementMs) throw new ConfigError(`DB_QUERY_TIMEOUT_MS (${queryMs}) must be above DB_STATEMENT_TIMEOUT_MS (${statementMs})`);
  return { statementMs, queryMs, idleInTransactionMs: int(env, 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', DEFAULT_DB_TIMEOUTS.idleInTransactionMs, 100) };
}

/** `ANALYTICS_DATABASE_URL` (a replica; default the main database), `ANALYTICS_POOL_SIZE`, `ANALYTICS_STATEMENT_TIMEOUT_MS`. */
function analytics(env: Env): AnalyticsPool {
  return {
    databaseUrl: env.ANALYTICS_DATABASE_URL || undefined,
    max: int(env, 'ANALYTICS_POOL_SIZE', DEFAULT_ANALYTICS.max, 1),
    statementMs: int(env, 'ANALYTICS_STATEMENT_TIMEOUT_MS', DEFAULT_ANALYTICS.statementMs, 100),
  };
}

/** `LOG_FORMAT`: `pretty` (human lines) or `json`; unset, pretty on a terminal and JSON otherwise (a file, a collector). */
function logFormat(env: Env): 'pretty' | 'json' {
  const given = env.LOG_FORMAT?.trim();
  if (given === 'pretty' || given === 'json') return given;
  if (given) throw new ConfigError(`LOG_FORMAT must be pretty or json, got "${given}"`);
  return process.stdout.isTTY ? 'pretty' : 'json';
}

/** `/metrics`: served on the API's port to a bearer of METRICS_TOKEN, and/or on METRICS_PORT bound to localhost. Off when neither is set. */
export interface MetricsConfig {
  token: string | undefined;
  port: number | undefined;
  /** The deployment's figures (money, backlogs, jobs) are read from the database at most once per this. */
  intervalMs: number;
}

function metricsConfig(env: Env): MetricsConfig {
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (token && token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  return { token, port: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0, 1) : undefined, intervalMs: int(env, 'METRICS_INTERVAL_MS', 15_000, 100) };
}

/** Load shedding: past these, requests get a 503 with Retry-After at once instead of waiting (0 turns a check off). */
export interface OverloadConfig {
  maxEventLoopDelayMs: number;
  maxHeapUsedBytes: number;
}

function overloadConfig(env: Env): OverloadConfig {
  // PGlite runs every statement on the API's own thread, so its loop delay is the database's
  // work, not overload: shedding is on by default only with PostgreSQL.
  const onPostgres = Boolean(env.DATABASE_URL);
  return {
    maxEventLoopDelayMs: int(env, 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', onPostgres ? 1000 : 0),
    // Near V8's heap limit the process is about to die of it: refuse new work first.
    maxHeapUsedBytes: int(env, 'OVERLOAD_MAX_HEAP_MB', onPostgres ? Math.floor((getHeapStatistics().heap_size_limit * 0.9) / 2 ** 20) : 0) * 2 ** 20,
  };
}

function int(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be a whole number >= ${min}, got "${raw}"`);
  return n;
}

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const botTokenEnv = env.BOT_TOKEN?.trim() || undefined;
  if (production && !botTokenEnv) throw new ConfigError('BOT_TOKEN is required when NODE_ENV=production');
  if (production && !env.JWT_SECRET) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production');
  const demo = !botTokenEnv;
  const port = int(env, 'PORT', 8080);
  const adminTelegramIds = new Set(
    (env.ADMIN_TELEGRAM_IDS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  for (const id of adminTelegramIds) {
    if (!/^[1-9]\d{0,15}$/.test(id)) throw new ConfigError(`ADMIN_TELEGRAM_IDS holds "${id}", which is not a Telegram ID`);
  }
  if (env.BOT_WEBHOOK_SECRET && !/^[A-Za-z0-9_-]{1,256}$/.test(env.BOT_WEBHOOK_SECRET)) {
    throw new ConfigError('BOT_WEBHOOK_SECRET may hold only A-Z, a-z, 0-9, _ and - (1-256 characters)');
  }
  if (env.BOT_WEBHOOK_URL && !/^https:\/\//.test(env.BOT_WEBHOOK_URL)) throw new ConfigError('BOT_WEBHOOK_URL must be an https URL');
  if (env.SUPPORT_CHAT_ID && !/^-?[1-9]\d{0,15}$/.test(env.SUPPORT_CHAT_ID.trim())) {
    throw new ConfigError(`SUPPORT_CHAT_ID must be a numeric chat id (e.g. -1001234567890), got "${env.SUPPORT_CHAT_ID}"`);
  }
  const cache = (env.CATALOGUE_CACHE || 'on').trim();
  if (cache !== 'on' && cache !== 'off') throw new ConfigError(`CATALOGUE_CACHE must be on or off, got "${env.CATALOGUE_CACHE}"`);
  const fee = int(env, 'PLATFORM_FEE_PERCENT', 0);
  if (fee > 100) throw new ConfigError('PLATFORM_FEE_PERCENT must be 0-100');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    dbTimeouts: dbTimeouts(env),
    analytics: analytics(env),
    dashboardCacheSeconds: int(env, 'DASHBOARD_CACHE_SECONDS', 60),
    dashboardRefreshSeconds: int(env, 'DASHBOARD_REFRESH_SECONDS', 300),
    unpagedListMax: int(env, 'UNPAGED_LIST_MAX', 2000, 1),
    // Demo mode signs initData itself, with a token that only this process knows.
    botToken: botTokenEnv ?? `0:demo-${randomBytes(16).toString('hex')}`,
    demo,
    production,
    jwtSecret: env.JWT_SECRET || randomBytes(32).toString('hex'),
    jwtTtl: int(env, 'JWT_TTL', 3600, 1),
    initDataMaxAge: int(env, 'INIT_DATA_MAX_AGE', 86400, 1),
    adminTelegramIds,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    jarUrl: env.JAR_URL || 'https://send.monobank.ua/jar/zalik',
    botUsername: env.BOT_USERNAME || 'zalik_bot',
    miniAppName: env.MINI_APP_NAME || 'app',
    supportChatId: env.SUPPORT_CHAT_ID?.trim() || undefined,
    botApiRoot: (env.BOT_API_ROOT || 'https://api.telegram.org').replace(/\/+$/, ''),
    botWebhookUrl: env.BOT_WEBHOOK_URL?.replace(/\/+$/, '') || undefined,
    // Stable per token when not given, so a restart keeps the webhook Telegram already knows.
    botWebhookSecret: env.BOT_WEBHOOK_SECRET || createHash('sha256').update(`webhook:${botTokenEnv ?? ''}`).digest('hex'),
    outboxPollMs: int(env, 'OUTBOX_POLL_MS', 1000, 50),
    outboxRatePerSecond: int(env, 'OUTBOX_RATE_PER_SECOND', BROADCAST_RATE_PER_SECOND, 1),
    jobsPollMs: int(env, 'JOBS_POLL_MS', 1000, 10),
    jobsConcurrency: int(env, 'JOBS_CONCURRENCY', 4, 1),
    jobsKeepDays: int(env, 'JOBS_KEEP_DAYS', 30, 1),
    botInboxKeepDays: int(env, 'BOT_INBOX_KEEP_DAYS', 7, 1),
    // A load balancer needs a few of its checks to see /readyz fail before the server stops
    // taking connections; the demo runs alone, so Ctrl-C there is immediate.
    shutdownDrainMs: int(env, 'SHUTDOWN_DRAIN_MS', demo ? 0 : 5000),
    metrics: metricsConfig(env),
    overload: overloadConfig(env),
    platformFeePercent: fee,
    webDist: env.WEB_DIST,
    redisUrl: env.REDIS_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: logFormat(env),
    rateLimits: rateLimits(env),
    trustProxyHops: int(env, 'TRUST_PROXY', 0),
    catalogueCache: cache === 'on',
    blobStore: blobStore(env),
    deposits: deposits(env),
    orders: orders(env),
    payouts: payouts(env, production),
    explanations: explanations(env),
  };
}
