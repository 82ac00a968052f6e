import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { confirmInPage, signUpThroughApi } from './fixtures/accounts';
import { subscribeInSandbox } from './fixtures/subscriptions';
import { PASSWORD, addMadridClinic, signIn } from './support';

// Helpers of the accessibility, keyboard and responsive specs: the SPA's route list read from
// its router, axe-core run inside the page, and a paying user with an analysed business.

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const ROUTER_FILE = path.resolve(import.meta.dirname, '../apps/web/src/app/router.tsx');
const PATHS_FILE = path.resolve(import.meta.dirname, '../apps/web/src/lib/paths.ts');

/**
 * Every path of the SPA's route table, so a new route cannot be forgotten by the specs: the
 * router names each one as `path={paths.<name>.path}`, and the paths table gives its pattern.
 */
export function routerPaths(): string[] {
  const router = readFileSync(ROUTER_FILE, 'utf8');
  const table = readFileSync(PATHS_FILE, 'utf8');
  const patternOf = (name: string): string => {
    const m = new RegExp(`\\b${name}: (?:fixed\\(|\\{\\s*path: )'([^']+)'`).exec(table);
    if (!m) throw new Error(`The router uses paths.${name}, which the paths table does not define`);
    return m[1]!;
  };
  const named = [...router.matchAll(/\bpath=\{paths\.(\w+)\.path\}/g)].map((m) => patternOf(m[1]!));
  const literal = [...router.matchAll(/\bpath="([^"]+)"/g)].map((m) => m[1]!);
  return [...new Set([...named, ...literal])].sort();
}

/** A screen to check: the address and, when it needs a session, who is signed in. */
export interface Visit {
  /** What the report calls it, e.g. 'keyword analysis (results)'. */
  name: string;
  url: string;
  /** Who looks at it: a visitor, or the paying member with the analysed business. */
  as: 'visitor' | 'member';
  /** Waits for the page's own content, so the check does not run on a loader. */
  ready: (page: Page) => Promise<void>;
}

/** The member's data, made once per spec by `seedMember`. */
export interface Seed {
  email: string;
  placeId: string;
  keywordId: string;
  /** A keyword that has never been analysed: its page shows the empty state. */
  emptyKeywordId: string;
  checkoutUrl: string;
  successUrl: string;
  /** The consent screen of an assistant registered for this run (OAuth for MCP). */
  consentUrl: string;
}

const heading = (page: Page, name: string | RegExp, level = 1) =>
  expect(page.getByRole('heading', { level, name }).first()).toBeVisible({ timeout: 20_000 });
// Only what is on screen: the e-mail, say, also sits in the sidebar that phones hide.
const visible = (page: Page, text: string | RegExp) =>
  expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible({ timeout: 20_000 });

/**
 * One or more visits per path of the router (see `routerPaths`): the data pages in their
 * filled and empty states, the public pages as the visitor sees them.
 */
export function visitsByPath(seed: Seed, resetLink: string): Record<string, Visit[]> {
  const place = `/rankmap/${seed.placeId}`;
  return {
    '/': [
      { name: 'landing', url: '/', as: 'visitor', ready: (p) => heading(p, /Descubre dónde aparece tu negocio/) },
      { name: 'dashboard', url: '/', as: 'member', ready: (p) => heading(p, 'Dashboard') },
    ],
    '/home': [{ name: 'landing (/home)', url: '/home', as: 'visitor', ready: (p) => heading(p, /Descubre dónde aparece tu negocio/) }],
    '/como-funciona': [{ name: 'how it works', url: '/como-funciona', as: 'visitor', ready: (p) => heading(p, /Así trabaja RankMaps/) }],
    '/faq': [{ name: 'faq', url: '/faq', as: 'visitor', ready: (p) => heading(p, /.+/) }],
    '/contact': [
      { name: 'contact', url: '/contact', as: 'visitor', ready: (p) => heading(p, /.+/) },
      { name: 'contact (signed in)', url: '/contact', as: 'member', ready: (p) => heading(p, /.+/) },
    ],
    '/legal/:doc': ['privacy', 'cookie', 'terms', 'notice'].map((doc) => ({
      name: `legal ${doc}`,
      url: `/legal/${doc}`,
      as: 'visitor' as const,
      ready: (p: Page) => heading(p, /.+/),
    })),
    '/pricing': [
      { name: 'pricing', url: '/pricing', as: 'visitor', ready: (p) => heading(p, 'Básico', 3) },
      { name: 'pricing (signed in)', url: '/pricing', as: 'member', ready: (p) => visible(p, 'Tu plan actual') },
    ],
    '/subscription': [{ name: 'subscription', url: '/subscription', as: 'visitor', ready: (p) => heading(p, 'Básico', 3) }],
    '/buy-credits': [
      { name: 'buy credits', url: '/buy-credits', as: 'visitor', ready: (p) => visible(p, 'Iniciar sesión para comprar') },
      { name: 'buy credits (signed in)', url: '/buy-credits', as: 'member', ready: (p) => visible(p, /^Comprar \d+ créditos$/) },
    ],
    '/email-verification': [
      {
        name: 'email verification',
        url: '/email-verification?email=lucia%40example.com',
        as: 'visitor',
        ready: (p) => visible(p, 'lucia@example.com'),
      },
    ],
    '/confirm-email/:type?/:token?': [
      {
        name: 'confirm email (invalid)',
        url: '/confirm-email/user/token-que-no-existe',
        as: 'visitor',
        ready: (p) => visible(p, 'Token inválido o expirado.'),
      },
    ],
    '/dev/mail': [{ name: 'dev outbox', url: '/dev/mail', as: 'visitor', ready: (p) => visible(p, /^\d+ emails?$/) }],
    '/sandbox/checkout/:id': [
      {
        name: 'sandbox checkout',
        url: seed.checkoutUrl,
        as: 'visitor',
        ready: (p) => visible(p, 'Entorno de pruebas — no se realiza ningún cargo real'),
      },
    ],
    '/sandbox/portal': [{ name: 'sandbox portal', url: '/sandbox/portal?return=%2Fprofile', as: 'member', ready: (p) => heading(p, /.+/) }],
    '*': [{ name: 'not found', url: '/esta-pagina-no-existe', as: 'visitor', ready: (p) => heading(p, /.+/) }],
    '/banner-preview': [
      { name: 'banner preview', url: '/banner-preview', as: 'visitor', ready: (p) => visible(p, /Haz una captura de pantalla/) },
    ],
    '/signin': [
      {
        name: 'sign in',
        url: '/signin',
        as: 'visitor',
        ready: (p) => expect(p.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible(),
      },
    ],
    // The old sign-in address (docs/decisions.md §29.2): the sign-in page.
    '/login': [
      {
        name: 'old sign-in address',
        url: '/login',
        as: 'visitor',
        ready: (p) => expect(p.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible(),
      },
    ],
    '/signup': [
      { name: 'sign up', url: '/signup', as: 'visitor', ready: (p) => expect(p.getByLabel('Contraseña', { exact: true })).toBeVisible() },
    ],
    '/reset-password': [
      {
        name: 'reset password',
        url: '/reset-password',
        as: 'visitor',
        ready: (p) => expect(p.getByRole('button', { name: 'Recuperar contraseña' })).toBeVisible(),
      },
    ],
    '/reset-password/:token': [
      {
        name: 'reset password (token)',
        url: new URL(resetLink).pathname,
        as: 'visitor',
        ready: (p) => expect(p.getByLabel(/contraseña/i).first()).toBeVisible(),
      },
      {
        name: 'reset password (bad token)',
        url: '/reset-password/token-que-no-existe',
        as: 'visitor',
        ready: (p) => visible(p, 'Token inválido o expirado.'),
      },
    ],
    '/subscription/success': [
      { name: 'subscription success', url: seed.successUrl, as: 'member', ready: (p) => heading(p, '¡Tu suscripción está activa!') },
    ],
    // Not the e-mail alone: the sidebar shows it too, before the page has loaded.
    '/profile': [
      { name: 'profile', url: '/profile', as: 'member', ready: (p) => expect(p.getByRole('tab').first()).toBeVisible({ timeout: 20_000 }) },
    ],
    '/rankmap': [
      {
        name: 'rankmap list',
        url: '/rankmap',
        as: 'member',
        ready: (p) => expect(p.getByRole('link', { name: /Clínica|Dental|dental/ }).first()).toBeVisible({ timeout: 20_000 }),
      },
    ],
    '/cartera': [
      { name: 'portfolio', url: '/cartera', as: 'member', ready: (p) => expect(p.getByRole('heading', { name: /^\d+ keywords?$/ })).toBeVisible({ timeout: 20_000 }) },
    ],
    '/campanas': [{ name: 'campaigns', url: '/campanas', as: 'member', ready: (p) => visible(p, /^Escaneo semanal · /) }],
    '/campanas/nueva': [
      {
        name: 'new campaign',
        url: '/campanas/nueva',
        as: 'member',
        ready: (p) => expect(p.getByRole('checkbox', { name: /^Todas las keywords de / }).first()).toBeVisible({ timeout: 20_000 }),
      },
    ],
    '/campanas/:campaignId': [
      { name: 'campaign (missing)', url: '/campanas/00000000-0000-4000-8000-000000000000', as: 'member', ready: (p) => visible(p, 'Esta campaña no existe o ya se ha eliminado.') },
    ],
    '/clientes': [{ name: 'clients', url: '/clientes', as: 'member', ready: (p) => expect(p.getByRole('button', { name: 'Crear cliente' })).toBeVisible({ timeout: 20_000 }) }],
    // The team screens (docs/decisions.md §30.7): the seeded member owns their workspace.
    '/equipo': [{ name: 'team', url: '/equipo', as: 'member', ready: (p) => expect(p.getByRole('heading', { level: 2, name: 'Miembros' })).toBeVisible({ timeout: 20_000 }) }],
    '/actividad': [{ name: 'activity', url: '/actividad', as: 'member', ready: (p) => expect(p.getByRole('button', { name: 'Exportar CSV' })).toBeVisible({ timeout: 20_000 }) }],
    // Without a token the page says the invitation is not valid without asking the server (e2e/teams.spec.ts opens real ones).
    '/invitacion': [{ name: 'invitation (no token)', url: '/invitacion', as: 'visitor', ready: (p) => visible(p, 'Esta invitación ya no sirve') }],
    '/estadisticas': [
      {
        name: 'statistics',
        url: '/estadisticas',
        as: 'member',
        ready: (p) => expect(p.getByTestId('gbp-connect-prompt')).toBeVisible({ timeout: 20_000 }),
      },
    ],
    '/reviews': [{ name: 'reviews', url: '/reviews', as: 'member', ready: (p) => heading(p, /.+/) }],
    '/support': [
      {
        name: 'support',
        url: '/support',
        as: 'member',
        ready: (p) => expect(p.getByRole('button', { name: 'Enviar ticket' })).toBeVisible({ timeout: 20_000 }),
      },
    ],
    // The operator's inbox: a member who is not an operator gets the «not found» page (e2e/operator-inbox.spec.ts checks the inbox itself).
    '/operator': [{ name: 'operator inbox (not an operator)', url: '/operator', as: 'member', ready: (p) => heading(p, /.+/) }],
    '/new-place': [
      {
        name: 'new place',
        url: '/new-place',
        as: 'member',
        ready: (p) => expect(p.getByRole('combobox', { name: 'Nombre del negocio' })).toBeVisible(),
      },
    ],
    '/edit-matrix/:placeId': [
      { name: 'edit matrix', url: `/edit-matrix/${seed.placeId}`, as: 'member', ready: (p) => visible(p, /\d+ puntos en total/) },
    ],
    '/rankmap/:placeId': [
      {
        name: 'place keywords',
        url: place,
        as: 'member',
        ready: async (p) => {
          await expect(p.getByTestId('weekly-countdown')).toBeVisible({ timeout: 20_000 });
          await expect(p.getByRole('link', { name: /^dentista/ })).toBeVisible();
        },
      },
    ],
    '/rankmap/:placeId/keyword/:keywordId/ai': [
      {
        name: 'AI visibility (empty)',
        url: `${place}/keyword/${seed.keywordId}/ai`,
        as: 'member',
        ready: (p) => heading(p, 'Aún no hay análisis de IA', 2),
      },
    ],
    '/autorizar': [
      {
        name: 'OAuth consent',
        url: seed.consentUrl,
        as: 'member',
        ready: (p) => heading(p, 'Asistente de accesibilidad quiere conectarse a tu cuenta de RankMaps'),
      },
      { name: 'OAuth consent (invalid request)', url: '/autorizar', as: 'member', ready: (p) => heading(p, 'No se puede conectar la aplicación') },
    ],
    '/rankmap/:placeId/keyword/:keywordId': [
      {
        name: 'keyword analysis (results)',
        url: `${place}/keyword/${seed.keywordId}`,
        as: 'member',
        ready: async (p) => {
          await expect(p.getByTestId('competitors-table')).toBeVisible({ timeout: 20_000 });
          await expect(p.locator('.rm-result-marker').first()).toBeVisible();
        },
      },
      {
        name: 'keyword analysis (empty)',
        url: `${place}/keyword/${seed.emptyKeywordId}`,
        as: 'member',
        ready: (p) => heading(p, 'Todavía no hay análisis', 2),
      },
    ],
  };
}

/** Every visit of `visitsByPath`, after checking it covers exactly the router's paths. */
export function allVisits(seed: Seed, resetLink: string): Visit[] {
  const plan = visitsByPath(seed, resetLink);
  expect(Object.keys(plan).sort(), 'every path of apps/web/src/app/router.tsx has a visit in e2e/a11y-support.ts').toEqual(routerPaths());
  return Object.values(plan).flat();
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * The impacts that fail a check. Moderate ones count too: no screen checked here has one
 * (content outside landmarks, a skipped heading level and two landmarks with the same name
 * are the kinds that show up), so a new one is a regression. Each check waits for the page
 * itself, not its loader, which has no h1. Only 'minor' findings would pass, and a run
 * listing every impact found none.
 */
const FAILING_IMPACTS = new Set(['moderate', 'serious', 'critical']);

/** Runs axe-core in the page and returns its moderate, serious and critical findings, one line each. */
export async function axeFindings(page: Page): Promise<string[]> {
  // evaluate() runs outside the page's CSP, which forbids inline scripts. A page reached by
  // in-app navigation (see `openInApp`) still has it from before.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // Colours caught halfway through a transition (a button fading from disabled) are not the page's.
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    );
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations
    .filter((v) => v.impact !== null && FAILING_IMPACTS.has(v.impact))
    .map((v) => `[${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

/**
 * Opens `url` in the SPA as a link inside it would: history.pushState and the popstate event
 * the router listens to. It skips reloading the app and its session for each of the dozens of
 * screens the specs look at. The first visit of a page is a real load. It returns once the
 * previous screen is gone: the root layout remounts everything below it on a path change,
 * <main> included, so the old <main> (marked here) leaves the DOM.
 */
export async function openInApp(page: Page, url: string) {
  const current = page.url().startsWith('http') ? new URL(page.url()) : null;
  // A first visit, or the same path again (only the query may change, so nothing would remount): a real load.
  if (!current || current.pathname === new URL(url, current).pathname) {
    await page.goto(url);
    return;
  }
  await page.evaluate((next) => {
    document.querySelector('main')?.setAttribute('data-previous-screen', '');
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', next);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, url);
  await expect(page.locator('main[data-previous-screen]')).toHaveCount(0);
}

/**
 * Fails with the axe findings that stay: the check is repeated until the page is still, so a
 * finding seen while a section loads or a transition runs does not fail it.
 */
export async function expectNoAxeFindingsOnceSettled(page: Page, screen: string) {
  await expect.poll(() => axeFindings(page), { message: `axe on ${screen} (${page.url()})`, timeout: 15_000, intervals: [500, 1000, 2000] }).toEqual([]);
}

/** Fails with every moderate, serious or critical axe finding of the page as it is now. */
export async function expectNoAxeFindings(page: Page, screen: string) {
  const found = await axeFindings(page);
  expect(found, `axe on ${screen} (${page.url()})`).toEqual([]);
}

async function addKeyword(page: Page, placeId: string, name: string): Promise<string> {
  await page.goto(`/rankmap/${placeId}`);
  await page.getByLabel('Nueva keyword').fill(name);
  await page.getByRole('button', { name: 'Añadir keyword' }).click();
  await expect(page.getByText(`Keyword «${name}» añadida.`)).toBeVisible();
  const href = await page.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href');
  return /\/keyword\/([0-9a-f-]{36})$/.exec(href ?? '')![1]!;
}

/** Runs an analysis of the keyword now and waits for its results. */
async function analyse(page: Page, placeId: string, keywordId: string) {
  await page.goto(`/rankmap/${placeId}/keyword/${keywordId}`);
  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  await page.getByRole('dialog', { name: 'Nuevo Análisis' }).getByRole('button', { name: 'Iniciar análisis' }).click();
  await expect(page.getByTestId('competitors-table')).toBeVisible({ timeout: 60_000 });
}

/**
 * A new member on the pro 'Starter' plan, signed in in `page`, with a business, an analysed
 * keyword and a keyword without analyses. `beforeAdding` sees the empty places list first.
 */
export async function seedMember(page: Page, baseUrl: string, label: string, beforeAdding?: () => Promise<void>): Promise<Seed> {
  const { email } = await signUpThroughApi(baseUrl, { label });
  await confirmInPage(page, baseUrl, email);
  const { checkoutPath, successPath } = await subscribeInSandbox(page, 'Starter');
  await beforeAdding?.();
  const placeId = await addMadridClinic(page);
  const keywordId = await addKeyword(page, placeId, 'dentista');
  const emptyKeywordId = await addKeyword(page, placeId, 'clínica dental');
  await analyse(page, placeId, keywordId);
  const consentUrl = await registerAssistant(baseUrl);
  return { email, placeId, keywordId, emptyKeywordId, checkoutUrl: checkoutPath, successUrl: successPath, consentUrl };
}

/** Registers an assistant (OAuth dynamic client registration) and returns its consent screen's address. */
async function registerAssistant(baseUrl: string): Promise<string> {
  const redirect = 'http://127.0.0.1:8976/callback';
  const res = await fetch(new URL('/oauth/register', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Asistente de accesibilidad', redirect_uris: [redirect], token_endpoint_auth_method: 'none' }),
  });
  expect(res.status).toBe(201);
  const { client_id } = (await res.json()) as { client_id: string };
  const params = new URLSearchParams({
    client_id,
    redirect_uri: redirect,
    response_type: 'code',
    // Any 43 base64url characters: the screen is only looked at, the code never exchanged.
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    resource: new URL('/mcp', baseUrl).href,
    state: 'a11y',
  });
  return `/autorizar?${params}`;
}

/**
 * Where a spec leaves its seeded member for the next spec of the same run. Playwright empties
 * the output folder when a run starts and each run starts its own server on a fresh database,
 * so the file never outlives the member it describes.
 */
const seedFile = () => path.join(test.info().project.outputDir, '.a11y-member.json');

export function shareSeed(seed: Seed) {
  writeFileSync(seedFile(), JSON.stringify(seed));
}

/** Signs `page` in as the member of `seed` through the sign-in form. */
export async function signInAs(page: Page, seed: Seed) {
  await page.goto('/signin');
  await signIn(page, seed.email, PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });
}

/**
 * A member with an analysed business, signed in in a new context: the one an earlier spec of
 * this run seeded when there is one (seeding costs half a minute), a new one otherwise.
 */
export async function memberContext(browser: Browser, baseUrl: string, label: string): Promise<{ seed: Seed; context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (existsSync(seedFile())) {
    const seed = JSON.parse(readFileSync(seedFile(), 'utf8')) as Seed;
    await signInAs(page, seed);
    return { seed, context, page };
  }
  const seed = await seedMember(page, baseUrl, label);
  shareSeed(seed);
  return { seed, context, page };
}
