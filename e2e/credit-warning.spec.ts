import { expect, test } from './fixtures/test';
import { addMadridClinic } from './support';

// Credit warnings (docs/decisions.md §23.4): a Starter subscriber whose weekly scan tomorrow
// costs more than the credits left is warned on the dashboard, on the business page (beside
// the next weekly date) and by e-mail. The credits are set through the development panel's
// API (PUT /api/user/dev-params) and the hourly job is run now through its development route.

/** Tomorrow's weekday (0 = Sunday) and the current hour, on Madrid's clock. */
function tomorrowInMadrid(): { rankDay: number; rankHour: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Madrid', weekday: 'short', hour: 'numeric', hourCycle: 'h23' }).formatToParts(new Date());
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.find((p) => p.type === 'weekday')!.value);
  return { rankDay: (day + 1) % 7, rankHour: Number(parts.find((p) => p.type === 'hour')!.value) };
}

test('when a Starter subscriber’s weekly scan tomorrow lacks credits, then the dashboard, the business page and the e-mail say so, with «Comprar créditos»', async ({ page, api, dev, outbox, subscribe }) => {
  test.setTimeout(180_000);
  const { email } = await subscribe('Starter');
  const placeId = await addMadridClinic(page);
  await page.getByLabel('Nueva keyword').fill('clínica dental');
  await page.getByRole('button', { name: 'Añadir keyword' }).click();
  await expect(page.getByText('Keyword «clínica dental» añadida.')).toBeVisible();

  // The weekly scan tomorrow at this hour; 10 credits left for its 49 points.
  const schedule = await api.PUT('/api/place/{id}/schedule', { params: { path: { id: placeId } }, body: tomorrowInMadrid() });
  expect(schedule.response.status).toBe(200);
  expect(await dev.setDevParams({ planLimits: { type: 'pro', places: -1, keywords: 100, credits: 500 }, subscriptionCredits: 10, extraCredits: 0 })).toBe(200);
  expect(await dev.runCreditWarnings()).toBe(200);

  await page.goto('/');
  const banner = page.getByTestId('credit-warning');
  await expect(banner).toContainText('Tus créditos no llegan para los análisis programados');
  await expect(banner).toContainText(/Los próximos 7 días cuestan 49 créditos y tienes 10: faltan 39 \(≈ 1,56\s€\)\./);
  await expect(banner).toContainText(/El escaneo semanal de .+ \(.+, 49 créditos\) se omitirá si no añades créditos\./);
  await banner.getByRole('link', { name: 'Comprar créditos' }).click();
  await expect(page).toHaveURL(/\/buy-credits$/);

  await page.goto(`/rankmap/${placeId}`);
  await expect(page.getByTestId('credit-warning')).toContainText('faltan 39');
  await expect(page.getByTestId('weekly-skip-warning')).toHaveText('Se omitirá si no añades créditos: cuesta 49 créditos y te quedarán 10. Comprar créditos');

  // The bell lists it, and the e-mail is in the outbox, in Spanish, with the link to buy credits.
  const mails = () => outbox.filter((m) => m.to === email && m.kind === 'alert-round-lacks-credits-tomorrow');
  await expect.poll(async () => (await mails()).length).toBe(1);
  const [mail] = await mails();
  expect(mail!.subject).toMatch(/^El escaneo semanal de .+ no tiene créditos suficientes$/);
  expect(mail!.text).toContain('es mañana');
  expect(mail!.text).toContain('1 análisis (uno por keyword), 49 créditos. Te quedarán 10 créditos para él, así que no se hará si no compras más créditos antes.');
  expect(mail!.text).toMatch(/Comprar créditos.*\/buy-credits|\/buy-credits/s);
});
