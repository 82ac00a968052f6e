import { expect, test } from './fixtures/test';
import { signUpThroughForm, uniqueEmail } from './support';

// An agency picks its plan before it has an account (docs/decisions.md §29.7): the pricing page's
// agency card, with what the plan adds read from the catalogue, and the yearly period; sign-up
// and the confirmation e-mail keep that choice and lead straight to that plan's checkout.

test('when a visitor picks Agency yearly on the pricing page, then sign-up and confirmation lead straight to that checkout', async ({ page, outbox }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('agencia');

  await page.goto('/pricing');
  await page.getByRole('radio', { name: 'Agentes de Marketing' }).click();
  await page.getByRole('radio', { name: /^Anual/ }).click();
  const agency = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Agency' }) });
  await expect(agency).toContainText('79 €/mes');
  await expect(agency.getByTestId('plan-features-pro_agency')).toContainText('API, webhooks y MCP');
  await expect(agency.getByTestId('plan-features-pro_agency')).toContainText('Soporte en directo: chat y videollamada');
  await agency.getByRole('link', { name: 'Comenzar gratis' }).click();

  await expect(page).toHaveURL(/\/signup\?redirect=/);
  await signUpThroughForm(page, 'Ana Agencia', email);

  // The confirmation signs in and opens the plans on Agency yearly, which goes to its checkout.
  await page.goto(await outbox.link(email, 'confirm-email'));
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/, { timeout: 20_000 });
  await expect(page.getByTestId('checkout-description')).toHaveText('Plan Agency (Anual)');
  await expect(page.getByTestId('checkout-amount')).toHaveText(/^948,00\s€$/);
});
