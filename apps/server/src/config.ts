import { z } from 'zod';
import { SUPPORT_HOURS, type SupportHours, isTimeZone } from '@rankmaps/shared/support-hours';

/** Jitsi Meet: free, no account, and the room exists once someone opens the link (docs/decisions.md §27.3). */
export const DEFAULT_MEETING_URL_TEMPLATE = 'https://meet.jit.si/RankMaps-{id}';

// Environment is validated once at boot. A bad variable stops the process with its name,
// instead of failing later in some request.
/**
 * Live searches in flight per scan with DataForSEO: enough to keep its 2,000 calls a minute
 * going when answers take up to 8 s (2000 / 60 × 8 ≈ 267 in flight, Little's law); the shared
 * per-minute limit, not this, is what bounds the calls (docs/performance.md "Rank data (issue 14)").
 */
export const DATAFORSEO_LIVE_CONCURRENCY = 270;

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres://').optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  RUN_WORKER: bool.optional(),
  // Developer tools (docs/decisions.md §29.8): only the words true and false, so a typo such as
  // DEV_TOOLS=yes or =on stops the start instead of quietly meaning one or the other.
  DEV_TOOLS: z.enum(['true', 'false'], { error: 'debe ser true o false (sin definir: false)' }).optional(),
  // Slack-compatible webhooks to private/loopback targets and plain http: only outside
  // production; false narrows development or tests to production's policy. Ignored in production.
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool.optional(),
  DEMO_USER: bool.optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'debe empezar por smtp:// o smtps://').optional(),
  MAIL_FROM: z.string().default('RankMaps <no-reply@rankmaps.local>'),
  MAIL_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(20).default(4),
  MAIL_REQUEUE_MIN_DELAY_SECONDS: z.coerce.number().int().min(1).default(5 * 60),
  MAIL_REQUEUE_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(6 * 3600),
  MAIL_MAX_AGE_SECONDS: z.coerce.number().int().min(1).default(3 * 24 * 3600),
  SUPPORT_EMAIL: z.email().default('soporte@rankmaps.es'),
  CONTACT_PHONE: z.string().default('+34 951 000 000'),
  // The support team's hours and video calls (docs/support.md «Videollamada»).
  SUPPORT_TIME_ZONE: z.string().refine(isTimeZone, 'debe ser una zona horaria IANA, p. ej. Europe/Madrid').default(SUPPORT_HOURS.timeZone),
  SUPPORT_WEEKDAYS: z
    .string()
    .regex(/^[0-6](,[0-6])*$/, 'debe ser una lista de días de 0 (domingo) a 6 (sábado), p. ej. 1,2,3,4,5')
    .default(SUPPORT_HOURS.weekdays.join(',')),
  SUPPORT_OPEN_HOUR: z.coerce.number().int().min(0).max(23).default(SUPPORT_HOURS.openHour),
  SUPPORT_CLOSE_HOUR: z.coerce.number().int().min(1).max(24).default(SUPPORT_HOURS.closeHour),
  VIDEO_MEETING_URL_TEMPLATE: z
    .url()
    .refine((u) => u.includes('{id}') && /^https?:\/\//.test(u), 'debe ser una URL http(s) con el marcador {id}, p. ej. https://meet.jit.si/RankMaps-{id}')
    .default(DEFAULT_MEETING_URL_TEMPLATE),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GBP_PROVIDER: z.enum(['demo', 'google']).optional(),
  GBP_TOKEN_KEY: z
    .string()
    .refine((k) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(k) && Buffer.from(k, 'base64').length === 32, 'debe ser una clave de 32 bytes en base64 (openssl rand -base64 32)')
    .optional(),
  GOOGLE_OAUTH_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GBP_ACCOUNT_MANAGEMENT_URL: z.url().default('https://mybusinessaccountmanagement.googleapis.com'),
  GBP_BUSINESS_INFORMATION_URL: z.url().default('https://mybusinessbusinessinformation.googleapis.com'),
  GBP_PERFORMANCE_URL: z.url().default('https://businessprofileperformance.googleapis.com'),
  /** The Business Profile API v4 (reviews): docs/decisions.md §32.4. */
  GBP_MY_BUSINESS_URL: z.url().default('https://mybusiness.googleapis.com'),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  ALTCHA_HMAC_KEY: z.string().min(16).optional(),
  RATE_LIMIT_AUTH_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_GLOBAL_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_UPLOAD_MAX: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_GLOBAL_FLUSH_MS: z.coerce.number().int().positive().default(1000),
  RATE_LIMIT_SHARE_MAX: z.coerce.number().int().positive().default(60),
  RATE_LIMIT_CHAT_MAX: z.coerce.number().int().positive().default(30),
  /** /api/v1 calls per API key per minute (docs/decisions.md §26.2). */
  RATE_LIMIT_API_MAX: z.coerce.number().int().positive().default(120),
  // Live chat opening hours (docs/support.md, «Chat en vivo»): ISO weekdays (1 = Monday) and a local time range.
  CHAT_OPEN_DAYS: z
    .string()
    .regex(/^[1-7](-[1-7])?(,[1-7](-[1-7])?)*$/, 'debe ser una lista de días ISO (1 = lunes), p. ej. 1-5 o 1,3,5')
    .default('1-5'),
  CHAT_OPEN_HOURS: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'debe ser HH:MM-HH:MM, p. ej. 09:00-18:00')
    .default('09:00-18:00'),
  CHAT_TIME_ZONE: z.string().default('Europe/Madrid'),
  SIGN_IN_ACCOUNT_FREE_FAILURES: z.coerce.number().int().positive().default(5),
  SIGN_IN_ADDRESS_FREE_FAILURES: z.coerce.number().int().positive().default(30),
  SIGN_IN_FIRST_DELAY_SECONDS: z.coerce.number().int().positive().default(30),
  SIGN_IN_MAX_DELAY_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  SESSION_CHECK_TTL_SECONDS: z.coerce.number().min(0).max(900).default(30),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8192).default(19456),
  ARGON2_ITERATIONS: z.coerce.number().int().min(1).default(2),
  WEB_DIST: z.string().optional(),
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICES: z.string().optional(),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  // The issuer printed on RankMaps' own invoices (docs/billing.md, "Invoices"). The defaults are sample data.
  INVOICE_ISSUER_NAME: z.string().min(1).default('RankMaps Software, S.L. (datos de ejemplo)'),
  INVOICE_ISSUER_TAX_ID: z.string().min(1).default('B00000000'),
  INVOICE_ISSUER_ADDRESS: z.string().min(1).default('Calle de Ejemplo 1; 28001 Madrid; España'),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  GOOGLE_PLACES_BASE_URL: z.url().default('https://places.googleapis.com'),
  MAPS_SEARCH_PROVIDER: z.enum(['demo', 'dataforseo', 'google-places']).default('demo'),
  DATAFORSEO_LOGIN: z.string().optional(),
  DATAFORSEO_PASSWORD: z.string().optional(),
  DATAFORSEO_BASE_URL: z.url().default('https://api.dataforseo.com'),
  SCAN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  // Unset: 4, or DATAFORSEO_LIVE_CONCURRENCY with DataForSEO (docs/performance.md "Rank data (issue 14)").
  SCAN_CONCURRENCY: z.coerce.number().int().min(1).max(300).optional(),
  // The vendor's standard queue (docs/decisions.md §21.2): how often it is polled, and how long an
  // analysis waits for it before the missing points are searched live. DataForSEO guarantees a
  // normal-priority task within 45 minutes (5 on average): https://dataforseo.com/pricing/serp/google-maps-serp-api
  DATAFORSEO_STANDARD_POLL_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  DATAFORSEO_STANDARD_MAX_WAIT_MINUTES: z.coerce.number().min(0.05).max(1440).default(45),
  DEMO_SEARCH_LATENCY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  /** How long a task posted to the demo AI engine's standard queue takes to be ready (docs/decisions.md §31.16). */
  DEMO_AI_QUEUE_DELAY_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  // AI visibility (docs/decisions.md §31.1): the Gemini API, grounded in Google Maps. The DataForSEO
  // engines use DATAFORSEO_LOGIN/DATAFORSEO_PASSWORD above.
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_BASE_URL: z.url().default('https://generativelanguage.googleapis.com'),
  GEMINI_MODEL: z.string().regex(/^[a-z0-9.-]{1,80}$/, 'debe ser el nombre de un modelo de Gemini, como gemini-2.5-flash').default('gemini-2.5-flash'),
  // Prometheus metrics (docs/operations.md "Metrics"): GET /metrics on the API and a small server on
  // METRICS_PORT in each worker, both behind this bearer token; without it there are none.
  METRICS_TOKEN: z.string().regex(/^[\x21-\x7e]{16,200}$/, 'debe tener entre 16 y 200 caracteres visibles, sin espacios (openssl rand -hex 32)').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
}).refine((e) => e.SUPPORT_OPEN_HOUR < e.SUPPORT_CLOSE_HOUR, { path: ['SUPPORT_CLOSE_HOUR'], message: 'debe ser posterior a SUPPORT_OPEN_HOUR' });

export type Env = z.infer<typeof envSchema>;

/** Google's OAuth client and the addresses of its OAuth and Business Profile APIs. */
export interface GoogleGbpSettings {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  accountManagementUrl: string;
  businessInformationUrl: string;
  performanceUrl: string;
  /** Business Profile API v4 (accounts.locations.reviews). */
  myBusinessUrl?: string;
}

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: Env['LOG_LEVEL'];
  jwtSecret: string | undefined;
  runWorker: boolean;
  /**
   * Developer tools (DEV_TOOLS=true, docs/decisions.md §29.8): the mail outbox (loopback clients
   * only), the development parameters, the dev report and credit-warning triggers and the
   * sandbox checkout. Off unless asked for, whatever NODE_ENV says; `npm start` asks for them.
   */
  devTools: boolean;
  demoUser: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * E-mail delivery (docs/operations.md, "E-mail delivery"). sendConcurrency: mails one
   * process sends at once (MAIL_SEND_CONCURRENCY). A mail still undelivered once its job's
   * retries are spent is queued again by the outbox sweep, each time after half its age,
   * kept between requeueMinDelaySeconds and requeueMaxDelaySeconds
   * (MAIL_REQUEUE_MIN_DELAY_SECONDS, MAIL_REQUEUE_MAX_DELAY_SECONDS), until it is
   * maxAgeSeconds old (MAIL_MAX_AGE_SECONDS, 3 days): then it fails for good.
   */
  mail: { sendConcurrency: number; requeueMinDelaySeconds: number; requeueMaxDelaySeconds: number; maxAgeSeconds: number };
  /**
   * Outbound Slack-compatible webhooks (docs/decisions.md §23.3): private, loopback and
   * link-local targets and plain http only in development and tests (never in production);
   * WEBHOOK_ALLOW_PRIVATE_TARGETS=false turns them off there too.
   */
  webhooks: { allowPrivateTargets: boolean };
  supportEmail: string;
  contactPhone: string;
  /** The support team's opening hours, where video calls are booked (SUPPORT_TIME_ZONE, SUPPORT_WEEKDAYS, SUPPORT_OPEN_HOUR, SUPPORT_CLOSE_HOUR). */
  supportHours: SupportHours;
  /** The meeting link of a video call: `{id}` is replaced by an unguessable id (VIDEO_MEETING_URL_TEMPLATE, Jitsi Meet by default). */
  videoCall: { meetingUrlTemplate: string };
  googleClientId: string | undefined;
  googleJwksUrl: string;
  /**
   * Google Business Profile (docs/decisions.md §20): Google's OAuth and APIs when
   * GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set, the demo connection otherwise. tokenKey is
   * the base64 AES-256 key for the stored tokens (required with Google; the demo derives one).
   */
  gbp: {
    provider: 'demo' | 'google';
    tokenKey: string | undefined;
    google?: GoogleGbpSettings;
  };
  recaptcha: { siteKey: string; secret: string; verifyUrl: string } | undefined;
  altchaHmacKey: string | undefined;
  /**
   * authMax: requests per address per 15 minutes on each sign-in, sign-up, reset and contact
   * endpoint, and tickets per user on support (RATE_LIMIT_AUTH_MAX). globalMax: API calls per
   * address per minute (RATE_LIMIT_GLOBAL_MAX), counted in each process and shared through
   * the database every globalFlushMs (RATE_LIMIT_GLOBAL_FLUSH_MS). uploadMax: profile
   * pictures per user per hour (RATE_LIMIT_UPLOAD_MAX). shareMax: share-page views (the
   * report's API answer) per address per minute (RATE_LIMIT_SHARE_MAX). apiMax: /api/v1 calls per API
   * key per minute (RATE_LIMIT_API_MAX). All hold across API processes.
   */
  rateLimit: { authMax: number; globalMax: number; uploadMax: number; globalFlushMs: number; shareMax: number; chatMax: number; apiMax: number };
  /**
   * The live chat's opening hours (docs/support.md, «Chat en vivo»): ISO weekdays (1 = Monday)
   * and minutes from local midnight [start, end) in timeZone. CHAT_OPEN_DAYS, CHAT_OPEN_HOURS
   * and CHAT_TIME_ZONE; Monday to Friday, 9:00 to 18:00 Europe/Madrid by default.
   */
  chatHours: { days: number[]; startMinute: number; endMinute: number; timeZone: string };
  /**
   * Brute-force slowdown of password sign-in (modules/auth/sign-in-throttle.service.ts).
   * After accountFreeFailures failed attempts on one account (SIGN_IN_ACCOUNT_FREE_FAILURES),
   * or addressFreeFailures from one client address (SIGN_IN_ADDRESS_FREE_FAILURES), each
   * further attempt must wait: firstDelaySeconds (SIGN_IN_FIRST_DELAY_SECONDS), doubling
   * after each failure, up to maxDelaySeconds (SIGN_IN_MAX_DELAY_SECONDS).
   */
  signInThrottle: { accountFreeFailures: number; addressFreeFailures: number; firstDelaySeconds: number; maxDelaySeconds: number };
  /**
   * How many reverse proxies stand in front of the API (TRUST_PROXY_HOPS; 1 in production,
   * 0 otherwise), for Fastify's trustProxy. The client address is then the one the nearest
   * proxy saw, not the first X-Forwarded-For entry, which the client itself can write: with
   * trustProxy: true, rotating that entry escapes every per-address limit and the sign-in
   * slowdown. app.ts passes it as a function (Fastify 5 trusts nothing given a bare count).
   */
  trustProxyHops: number;
  /**
   * How long each API process trusts its cached "this session is live" before asking the
   * database again (SESSION_CHECK_TTL_SECONDS, 30 s): a session revoked by another process
   * (logout, password reset) stops authenticating there within this time. 0 asks every time.
   */
  sessionCheckTtlSeconds: number;
  argon2: { memoryKiB: number; iterations: number };
  webDist: string | undefined;
  /** Business search: Google Places (New) with a key, the demo catalogue without one. */
  places: { provider: 'demo' | 'google'; googleApiKey: string | undefined; baseUrl: string };
  /**
   * Rank data for scans (docs/decisions.md §4). rateLimitPerMinute is shared by every worker
   * process; concurrency is per scan job.
   */
  mapsSearch: {
    provider: 'demo' | 'dataforseo' | 'google-places';
    dataforseo?: { login: string; password: string; baseUrl: string };
    googleApiKey: string | undefined;
    googleBaseUrl: string;
    rateLimitPerMinute: number;
    concurrency: number;
    /** Simulated response time of the demo provider, as a real vendor's (demos, journeys); 0 by default. */
    demoLatencyMs: number;
    /** The standard queue: seconds between polls, and the bound on the wait before the missing points are searched live. */
    standard: { pollSeconds: number; maxWaitMinutes: number };
  };
  /**
   * AI answer engines (docs/decisions.md §31.1): an engine whose vendor is configured uses it; the
   * others run on the demo engine when rank data is the demo's, and cannot run otherwise.
   */
  aiAnswers: {
    dataforseo?: { login: string; password: string; baseUrl: string };
    gemini?: { apiKey: string; baseUrl: string; model: string };
    /** Engines without credentials answer from the demo (MAPS_SEARCH_PROVIDER=demo). */
    demoFallback: boolean;
    demoLatencyMs: number;
    /** Seconds a task posted to the demo's standard queue waits before it is ready. */
    demoQueueDelaySeconds: number;
  };
  payments: {
    provider: 'sandbox' | 'stripe';
    /** The sandbox checkout: a developer tool, on only with DEV_TOOLS=true and no Stripe. */
    sandboxEnabled: boolean;
    /**
     * Whether a payment provider can take payments: Stripe, or the sandbox while it is enabled.
     * False without Stripe keys and without DEV_TOOLS=true: the API then
     * starts, warns in its log, and answers 503 to every action that needs the provider
     * (checkout, billing portal, subscription changes) instead of handing out a dead sandbox link.
     */
    available: boolean;
    /** Price ids by catalogue key ('basico_monthly', 'pro_agency_annual', 'credits_500'...). */
    prices: Record<string, string>;
    stripe?: { secretKey: string; webhookSecret: string; host?: string; port?: number; protocol?: 'http' | 'https' };
  };
  /** Who issues RankMaps' own invoices: name, NIF and address lines (INVOICE_ISSUER_*; the defaults are sample data). */
  invoiceIssuer: { name: string; taxId: string; address: string[] };
  /**
   * Prometheus metrics (docs/operations.md "Metrics"): the bearer token of GET /metrics
   * (METRICS_TOKEN; unset, metrics are off and the route does not exist), and the port of a
   * worker's own metrics server (METRICS_PORT; `npm run worker` only).
   */
  metrics: { token: string | undefined; port: number | undefined };
}

export class ConfigError extends Error {}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** CHAT_OPEN_DAYS ('1-5', '1,3,5'), CHAT_OPEN_HOURS ('09:00-18:00') and CHAT_TIME_ZONE, already shape-checked. */
function parseChatHours(days: string, hours: string, timeZone: string): Config['chatHours'] {
  const set = new Set<number>();
  for (const part of days.split(',')) {
    const [from, to = from] = part.split('-').map(Number) as [number, number?];
    for (let d = from; d <= to; d++) set.add(d);
  }
  const minute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const [start, end] = hours.split('-') as [string, string];
  if (minute(start) >= minute(end)) throw new ConfigError('Variables de entorno no válidas:\n  CHAT_OPEN_HOURS: la hora de apertura debe ser anterior a la de cierre');
  try {
    new Intl.DateTimeFormat('es-ES', { timeZone });
  } catch {
    throw new ConfigError(`Variables de entorno no válidas:\n  CHAT_TIME_ZONE: zona horaria desconocida (${timeZone})`);
  }
  return { days: [...set].sort(), startMinute: minute(start), endMinute: minute(end), timeZone };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, so `FOO= npm start` does not trip validation.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Variables de entorno no válidas:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.JWT_SECRET) {
    throw new ConfigError('Variables de entorno no válidas:\n  JWT_SECRET: es obligatoria en producción');
  }
  if (isProduction && !e.DATABASE_URL) {
    throw new ConfigError('Variables de entorno no válidas:\n  DATABASE_URL: es obligatoria en producción');
  }
  if (Boolean(e.RECAPTCHA_SITE_KEY) !== Boolean(e.RECAPTCHA_SECRET)) {
    throw new ConfigError('Variables de entorno no válidas:\n  RECAPTCHA_SITE_KEY/RECAPTCHA_SECRET: deben definirse juntas');
  }
  const embedded = !e.DATABASE_URL;
  const paymentsProvider = e.PAYMENTS_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');
  if (paymentsProvider === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PRICES)) {
    throw new ConfigError('Variables de entorno no válidas:\n  STRIPE_SECRET_KEY/STRIPE_WEBHOOK_SECRET/STRIPE_PRICES: son obligatorias con PAYMENTS_PROVIDER=stripe');
  }
  if (e.MAPS_SEARCH_PROVIDER === 'dataforseo' && !(e.DATAFORSEO_LOGIN && e.DATAFORSEO_PASSWORD))
    throw new ConfigError('Variables de entorno no válidas:\n  DATAFORSEO_LOGIN/DATAFORSEO_PASSWORD: son obligatorias con MAPS_SEARCH_PROVIDER=dataforseo');
  // Without a Google key the places are the demo's, with made-up ids: a real scan would look for a business that does not exist.
  if (e.MAPS_SEARCH_PROVIDER === 'dataforseo' && !e.GOOGLE_MAPS_API_KEY)
    throw new ConfigError(
      'Variables de entorno no válidas:\n  GOOGLE_MAPS_API_KEY: es obligatoria con MAPS_SEARCH_PROVIDER=dataforseo (sin ella los negocios serían los de demostración y un análisis real buscaría un negocio que no existe)',
    );
  if (e.MAPS_SEARCH_PROVIDER === 'google-places' && !e.GOOGLE_MAPS_API_KEY)
    throw new ConfigError('Variables de entorno no válidas:\n  GOOGLE_MAPS_API_KEY: es obligatoria con MAPS_SEARCH_PROVIDER=google-places');
  const gbpProvider = e.GBP_PROVIDER ?? (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? 'google' : 'demo');
  if (gbpProvider === 'google' && !(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET))
    throw new ConfigError('Variables de entorno no válidas:\n  GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET: son obligatorias con GBP_PROVIDER=google');
  if (gbpProvider === 'google' && !e.GBP_TOKEN_KEY)
    throw new ConfigError('Variables de entorno no válidas:\n  GBP_TOKEN_KEY: es obligatoria con Google Business Profile (clave de 32 bytes en base64)');
  if (e.METRICS_PORT !== undefined && !e.METRICS_TOKEN)
    throw new ConfigError('Variables de entorno no válidas:\n  METRICS_TOKEN: es obligatoria con METRICS_PORT (el servidor de métricas exige el token)');
  const devTools = e.DEV_TOOLS === 'true';
  const sandboxEnabled = paymentsProvider === 'sandbox' && devTools;
  let prices: Record<string, string> = {};
  if (e.STRIPE_PRICES) {
    const parsedPrices = z.record(z.string(), z.string()).safeParse(safeJson(e.STRIPE_PRICES));
    if (!parsedPrices.success) throw new ConfigError('Variables de entorno no válidas:\n  STRIPE_PRICES: debe ser un objeto JSON {"basico_monthly": "price_..."}');
    prices = parsedPrices.data;
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET,
    // The embedded default runs the worker in the same process; with PostgreSQL it is opt-in.
    runWorker: e.RUN_WORKER ?? embedded,
    devTools,
    demoUser: e.DEMO_USER ?? (embedded && !isProduction),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mail: {
      sendConcurrency: e.MAIL_SEND_CONCURRENCY,
      requeueMinDelaySeconds: e.MAIL_REQUEUE_MIN_DELAY_SECONDS,
      requeueMaxDelaySeconds: Math.max(e.MAIL_REQUEUE_MAX_DELAY_SECONDS, e.MAIL_REQUEUE_MIN_DELAY_SECONDS),
      maxAgeSeconds: e.MAIL_MAX_AGE_SECONDS,
    },
    webhooks: { allowPrivateTargets: !isProduction && (e.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? true) },
    supportEmail: e.SUPPORT_EMAIL,
    contactPhone: e.CONTACT_PHONE,
    supportHours: {
      timeZone: e.SUPPORT_TIME_ZONE,
      weekdays: [...new Set(e.SUPPORT_WEEKDAYS.split(',').map(Number))],
      openHour: e.SUPPORT_OPEN_HOUR,
      closeHour: e.SUPPORT_CLOSE_HOUR,
    },
    videoCall: { meetingUrlTemplate: e.VIDEO_MEETING_URL_TEMPLATE },
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    gbp: {
      provider: gbpProvider,
      tokenKey: e.GBP_TOKEN_KEY,
      google:
        gbpProvider === 'google' && e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              authUrl: e.GOOGLE_OAUTH_AUTH_URL,
              tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL,
              accountManagementUrl: e.GBP_ACCOUNT_MANAGEMENT_URL,
              businessInformationUrl: e.GBP_BUSINESS_INFORMATION_URL,
              performanceUrl: e.GBP_PERFORMANCE_URL,
              myBusinessUrl: e.GBP_MY_BUSINESS_URL,
            }
          : undefined,
    },
    recaptcha:
      e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET
        ? { siteKey: e.RECAPTCHA_SITE_KEY, secret: e.RECAPTCHA_SECRET, verifyUrl: e.RECAPTCHA_VERIFY_URL }
        : undefined,
    altchaHmacKey: e.ALTCHA_HMAC_KEY,
    rateLimit: { authMax: e.RATE_LIMIT_AUTH_MAX, globalMax: e.RATE_LIMIT_GLOBAL_MAX, uploadMax: e.RATE_LIMIT_UPLOAD_MAX, globalFlushMs: e.RATE_LIMIT_GLOBAL_FLUSH_MS, shareMax: e.RATE_LIMIT_SHARE_MAX, chatMax: e.RATE_LIMIT_CHAT_MAX, apiMax: e.RATE_LIMIT_API_MAX },
    chatHours: parseChatHours(e.CHAT_OPEN_DAYS, e.CHAT_OPEN_HOURS, e.CHAT_TIME_ZONE),
    signInThrottle: {
      accountFreeFailures: e.SIGN_IN_ACCOUNT_FREE_FAILURES,
      addressFreeFailures: e.SIGN_IN_ADDRESS_FREE_FAILURES,
      firstDelaySeconds: e.SIGN_IN_FIRST_DELAY_SECONDS,
      maxDelaySeconds: Math.max(e.SIGN_IN_MAX_DELAY_SECONDS, e.SIGN_IN_FIRST_DELAY_SECONDS),
    },
    trustProxyHops: e.TRUST_PROXY_HOPS ?? (isProduction ? 1 : 0),
    sessionCheckTtlSeconds: e.SESSION_CHECK_TTL_SECONDS,
    argon2: { memoryKiB: e.ARGON2_MEMORY_KIB, iterations: e.ARGON2_ITERATIONS },
    webDist: e.WEB_DIST,
    places: { provider: e.GOOGLE_MAPS_API_KEY ? 'google' : 'demo', googleApiKey: e.GOOGLE_MAPS_API_KEY, baseUrl: e.GOOGLE_PLACES_BASE_URL },
    mapsSearch: {
      provider: e.MAPS_SEARCH_PROVIDER,
      dataforseo:
        e.DATAFORSEO_LOGIN && e.DATAFORSEO_PASSWORD ? { login: e.DATAFORSEO_LOGIN, password: e.DATAFORSEO_PASSWORD, baseUrl: e.DATAFORSEO_BASE_URL } : undefined,
      googleApiKey: e.GOOGLE_MAPS_API_KEY,
      googleBaseUrl: e.GOOGLE_PLACES_BASE_URL,
      rateLimitPerMinute: e.SCAN_RATE_LIMIT_PER_MINUTE,
      concurrency: e.SCAN_CONCURRENCY ?? (e.MAPS_SEARCH_PROVIDER === 'dataforseo' ? DATAFORSEO_LIVE_CONCURRENCY : 4),
      demoLatencyMs: e.DEMO_SEARCH_LATENCY_MS,
      standard: { pollSeconds: e.DATAFORSEO_STANDARD_POLL_SECONDS, maxWaitMinutes: e.DATAFORSEO_STANDARD_MAX_WAIT_MINUTES },
    },
    aiAnswers: {
      dataforseo:
        e.DATAFORSEO_LOGIN && e.DATAFORSEO_PASSWORD ? { login: e.DATAFORSEO_LOGIN, password: e.DATAFORSEO_PASSWORD, baseUrl: e.DATAFORSEO_BASE_URL } : undefined,
      gemini: e.GEMINI_API_KEY ? { apiKey: e.GEMINI_API_KEY, baseUrl: e.GEMINI_BASE_URL, model: e.GEMINI_MODEL } : undefined,
      demoFallback: e.MAPS_SEARCH_PROVIDER === 'demo',
      demoLatencyMs: e.DEMO_SEARCH_LATENCY_MS,
      demoQueueDelaySeconds: e.DEMO_AI_QUEUE_DELAY_SECONDS,
    },
    payments: {
      provider: paymentsProvider,
      sandboxEnabled,
      available: paymentsProvider === 'stripe' || sandboxEnabled,
      prices,
      stripe:
        paymentsProvider === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, host: e.STRIPE_API_HOST, port: e.STRIPE_API_PORT, protocol: e.STRIPE_API_PROTOCOL }
          : undefined,
    },
    invoiceIssuer: {
      name: e.INVOICE_ISSUER_NAME,
      taxId: e.INVOICE_ISSUER_TAX_ID,
      address: e.INVOICE_ISSUER_ADDRESS.split(';').map((line) => line.trim()).filter(Boolean),
    },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
  };
}
