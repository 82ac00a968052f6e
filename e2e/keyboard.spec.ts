import type { BrowserContext, Locator, Page } from '@playwright/test';
import { type Seed, memberContext, openInApp, visitsByPath } from './a11y-support';
import { resetLinkFor } from './fixtures/accounts';
import { expect, test } from './fixtures/test';
import { PASSWORD } from './support';

// The main journeys driven by the keyboard alone (Tab, Shift+Tab, Enter, Space, Escape and
// arrows; no clicks): each stop must show its focus, modals must keep the focus inside and
// give it back to what opened them.

let seed: Seed;
let context: BrowserContext;
let page: Page;
let resetLink: string;

test.beforeAll(async ({ browser, baseUrl }) => {
  test.setTimeout(180_000);
  ({ seed, context, page } = await memberContext(browser, baseUrl, 'teclado'));
  resetLink = await resetLinkFor(baseUrl, seed.email);
});

test.afterAll(async () => {
  await context?.close();
});

/** What has the focus, and whether the user can see that it has: a :focus-visible outline or ring. */
async function focusInfo(p: Page) {
  return p.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return { described: '(nothing)', shown: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return { described: el.outerHTML.slice(0, 160), shown: el.matches(':focus-visible') && (outline || style.boxShadow !== 'none') };
  });
}

async function expectFocusVisible(p: Page) {
  const info = await focusInfo(p);
  expect(info.shown, `a visible focus indicator on ${info.described}`).toBe(true);
}

/**
 * Presses `key` until `target` has the focus (at most `max` times), then checks the focus
 * shows. Failing means the target is not in the tab order, or lies past `max` stops.
 */
async function pressUntilFocused(p: Page, target: Locator, key = 'Tab', max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) break;
    await p.keyboard.press(key);
  }
  await expect(target).toBeFocused();
  await expectFocusVisible(p);
}

/** Tabs forwards and backwards past the last and first stops: the focus never leaves `dialog`. */
async function expectFocusTrapped(p: Page, dialog: Locator) {
  const stops = await dialog.evaluate(
    (d) =>
      d.querySelectorAll(
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])',
      ).length,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i <= stops; i++) {
      await p.keyboard.press(key);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${key} ${i + 1} keeps the focus in the dialog`).toBe(true);
      await expectFocusVisible(p);
    }
  }
}

test('when a member signs in with the keyboard only, then the form is reachable in order and Enter signs in', async ({ browser }) => {
  const visitor = await browser.newContext();
  try {
    const p = await visitor.newPage();
    await p.goto('/signin');
    await pressUntilFocused(p, p.getByLabel('Email', { exact: true }));
    await p.keyboard.type(seed.email);
    await p.keyboard.press('Tab');
    await expect(p.getByLabel('Contraseña', { exact: true })).toBeFocused();
    await expectFocusVisible(p);
    await p.keyboard.type(PASSWORD);
    // Shift+Tab goes back to the e-mail, which kept what was typed.
    await p.keyboard.press('Shift+Tab');
    await expect(p.getByLabel('Email', { exact: true })).toBeFocused();
    await expect(p.getByLabel('Email', { exact: true })).toHaveValue(seed.email);
    await pressUntilFocused(p, p.getByRole('button', { name: 'Iniciar sesión', exact: true }));
    await p.keyboard.press('Enter');
    await expect(p).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });
    await expect(p.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  } finally {
    await visitor.close();
  }
});

test('when a member tabs into a page, then the skip link comes first and Enter moves the focus to the content', async () => {
  await page.goto('/rankmap');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  // The next Tab goes on from the content, not from the sidebar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement))).toBe(true);
});

interface TabStop {
  described: string;
  /** A :focus-visible outline or ring. */
  shown: boolean;
  /** A real box on screen, not a 1 px visually hidden one. */
  onScreen: boolean;
  /** Seen before in this walk: the focus went round the page. */
  repeat: boolean;
}

/**
 * Tabs through the page from the top of the element `from` (body, main, footer; nothing when
 * the page has none), up to `max` stops: each must be on screen and show that it has the focus.
 * The page records each stop as it takes the focus, so the walk costs one round trip per key.
 */
async function tabStopProblems(p: Page, from: string, max: number): Promise<string[]> {
  const found = await p.evaluate((where) => {
    const container = document.querySelector(where);
    if (!container) return false;
    const stops: TabStop[] = [];
    const visited = new Set<Element>();
    const record = (event: FocusEvent) => {
      const el = event.target;
      if (!(el instanceof HTMLElement) || el.id === 'tab-walk-start') return;
      const repeat = visited.has(el);
      visited.add(el);
      const style = getComputedStyle(el);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      const box = el.getBoundingClientRect();
      stops.push({
        described: el.outerHTML.slice(0, 160),
        shown: el.matches(':focus-visible') && (outline || style.boxShadow !== 'none'),
        onScreen: box.width >= 4 && box.height >= 4 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
        repeat,
      });
    };
    document.addEventListener('focusin', record);
    Object.assign(window, { tabWalk: { stops, stop: () => document.removeEventListener('focusin', record) } });
    // A marker placed first in that element and focused: the next Tab goes to what follows it.
    const start = document.createElement('span');
    start.id = 'tab-walk-start';
    start.tabIndex = -1;
    container.prepend(start);
    start.focus();
    return true;
  }, from);
  if (!found) return [];
  for (let i = 0; i < max; i++) await p.keyboard.press('Tab');
  const stops = await p.evaluate(() => {
    const walk = (window as unknown as { tabWalk: { stops: TabStop[]; stop: () => void } }).tabWalk;
    walk.stop();
    document.getElementById('tab-walk-start')?.remove();
    return walk.stops;
  });
  // Past the last stop the focus leaves the document and comes back at the top: the walk ends at the first repeat.
  const problems: string[] = [];
  for (const [i, stop] of stops.entries()) {
    if (stop.repeat) break;
    if (!stop.shown || !stop.onScreen)
      problems.push(`stop ${i + 1}${stop.shown ? '' : ' without a visible focus'}${stop.onScreen ? '' : ' off screen'}: ${stop.described}`);
  }
  return problems;
}

/** Which frame is around the page: the signed-in shell, the public header and footer, or neither. */
const layoutOf = (p: Page) =>
  p.evaluate(() =>
    document.getElementById('app-sidebar-nav') ? 'signed-in' : document.getElementById('public-mobile-menu') ? 'public' : 'bare',
  );

test('when Tab walks through a screen of every route, then each stop is on screen and shows its focus', async ({ browser }) => {
  test.setTimeout(180_000);
  const visitor = await browser.newContext();
  try {
    const visitorPage = await visitor.newPage();
    const layoutsWalked = new Set<string>();
    // One screen per path of the router: the same components make up the other states.
    for (const [path, [visit]] of Object.entries(visitsByPath(seed, resetLink))) {
      await test.step(`${path}: ${visit!.name}`, async () => {
        const p = visit!.as === 'member' ? page : visitorPage;
        await openInApp(p, visit!.url);
        await visit!.ready(p);
        // The frame (sidebar, header, footer) is the same on every page: walked whole once per
        // layout, then each page from the top of its content.
        const layout = await layoutOf(p);
        const whole = !layoutsWalked.has(layout);
        layoutsWalked.add(layout);
        const problems = whole
          ? [...(await tabStopProblems(p, 'body', 30)), ...(await tabStopProblems(p, 'footer', 15))]
          : await tabStopProblems(p, 'main', 15);
        expect.soft(problems, `tab stops of ${visit!.name} (${visit!.url})`).toEqual([]);
      });
    }
    expect(layoutsWalked).toEqual(new Set(['signed-in', 'public', 'bare']));
  } finally {
    await visitor.close();
  }
});

test('when a member adds a business and a keyword with the keyboard, then the wizard and the form work without a mouse', async () => {
  test.setTimeout(120_000);
  await page.goto('/new-place');
  const search = page.getByRole('combobox', { name: 'Nombre del negocio' });
  await pressUntilFocused(page, search);
  await page.keyboard.type('dental Zaragoza');
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', /.+/);
  const picked = (await page.getByRole('option').first().textContent())!;
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  await pressUntilFocused(page, page.getByRole('button', { name: 'Continuar' }));
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { name: 'Configurar Matriz' })).toBeVisible();
  await expect(page.getByText('49 se analizan')).toBeVisible({ timeout: 30_000 });
  expect(picked.length).toBeGreaterThan(0);
  // The grid size is a native select: arrows change it without opening anything.
  await pressUntilFocused(page, page.getByLabel('Tamaño de la cuadrícula'));
  await page.keyboard.press('ArrowUp');
  await expect(page.getByLabel('Tamaño de la cuadrícula')).toHaveValue('5');
  await expect(page.getByText('25 puntos en total')).toBeVisible();
  await pressUntilFocused(page, page.getByRole('button', { name: 'Crear negocio' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/rankmap\/[0-9a-f-]{36}$/, { timeout: 15_000 });

  await pressUntilFocused(page, page.getByLabel('Nueva keyword'));
  await page.keyboard.type('ortodoncia');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Keyword «ortodoncia» añadida.')).toBeVisible();
  const card = page.getByRole('link', { name: /^ortodoncia/ });
  await pressUntilFocused(page, card);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/keyword\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Todavía no hay análisis' })).toBeVisible();
});

test('when a map point is reached with Tab and opened with Enter, then its panel takes the focus and Escape gives it back', async () => {
  await page.goto(`/rankmap/${seed.placeId}/keyword/${seed.keywordId}`);
  await expect(page.getByTestId('results-map')).toBeVisible({ timeout: 20_000 });
  const marker = page.locator('.rm-result-marker').first();
  await pressUntilFocused(page, marker, 'Tab', 80);
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('point-panel');
  await expect(panel).toBeVisible();
  expect(await panel.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  // The list of results scrolls from the keyboard: it is a tab stop of the panel.
  await pressUntilFocused(page, panel.getByRole('region', { name: /^Punto/ }));
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(marker).toBeFocused();
  await expectFocusVisible(page);
});

test('when the Nuevo Análisis modal opens from the keyboard, then it traps the focus, Escape closes it and the focus returns', async () => {
  await page.goto(`/rankmap/${seed.placeId}/keyword/${seed.keywordId}`);
  await expect(page.getByTestId('competitors-table')).toBeVisible({ timeout: 20_000 });
  const opener = page.getByRole('button', { name: 'Nuevo Análisis' }).first();
  await pressUntilFocused(page, opener);
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Nuevo Análisis' });
  await expect(modal).toBeVisible();
  expect(await modal.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectFocusTrapped(page, modal);
  // The mode is a radio group: arrows pick 'Programar', which shows the date field.
  await pressUntilFocused(page, modal.getByRole('radio', { name: 'Ahora' }));
  await page.keyboard.press('ArrowDown');
  await expect(modal.getByRole('radio', { name: 'Programar' })).toBeChecked();
  await expect(modal.getByRole('group', { name: /Fecha y hora/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(opener).toBeFocused();
  await expectFocusVisible(page);

  // Space opens it as well, and its start button runs an analysis.
  await page.keyboard.press('Space');
  await expect(modal).toBeVisible();
  await pressUntilFocused(page, modal.getByRole('button', { name: 'Iniciar análisis' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Análisis iniciado con worker (mejor rendimiento)')).toBeVisible();
  await expect(modal).toBeHidden();
});

test('when a place card menu is used with the keyboard, then arrows move, Escape closes, and the delete confirmation traps and returns the focus', async () => {
  await page.goto('/rankmap');
  const trigger = page.getByRole('button', { name: /^Acciones de / }).first();
  await pressUntilFocused(page, trigger);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  const items = menu.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.keyboard.press('ArrowDown');
  await expect(items.first()).toBeFocused();
  await pressUntilFocused(page, menu.getByRole('menuitem', { name: 'Eliminar' }), 'ArrowDown', 6);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Eliminar negocio?' });
  await expect(confirm).toBeVisible();
  // A destructive choice: the focus starts on the safe answer.
  await expect(confirm.getByRole('button', { name: 'No' })).toBeFocused();
  await expectFocusTrapped(page, confirm);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(trigger).toBeFocused();
  await expect(page.getByRole('button', { name: /^Acciones de / })).not.toHaveCount(0);
});

test('when the profile tabs are used with arrows, then the selection and the focus move together', async () => {
  await page.goto('/profile');
  const tabs = page.getByRole('tab');
  await pressUntilFocused(page, tabs.first());
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tabs.first()).toBeFocused();
  await expectFocusVisible(page);
});

test('when the mobile menu is opened with the keyboard, then its first entry takes the focus, Escape closes it and Cerrar Sesión signs out', async ({
  browser,
}) => {
  // A context of its own: signing out ends this member's session there only.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  try {
    const p = await phone.newPage();
    await p.goto('/signin');
    await p.getByLabel('Email', { exact: true }).fill(seed.email);
    await p.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await p.keyboard.press('Enter');
    await expect(p).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });

    const toggle = p.getByRole('button', { name: 'Abrir menú' });
    await pressUntilFocused(p, toggle);
    await p.keyboard.press('Enter');
    const menu = p.locator('#app-mobile-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link').first()).toBeFocused();
    await expectFocusVisible(p);
    await p.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(p.getByRole('button', { name: 'Abrir menú' })).toBeFocused();

    await p.keyboard.press('Space');
    await expect(menu).toBeVisible();
    await pressUntilFocused(p, menu.getByRole('button', { name: 'Cerrar Sesión' }));
    await p.keyboard.press('Enter');
    await expect(p).toHaveURL(/\/signin/);
  } finally {
    await phone.close();
  }
});
