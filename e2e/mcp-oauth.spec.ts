import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type OAuthClientProvider, UnauthorizedError, auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { expect, test } from './fixtures/test';

// OAuth 2.1 for /mcp (issue 32, docs/decisions.md §33): the official MCP TypeScript SDK's client,
// with its OAuth support, connects to the real server: it discovers the metadata, registers,
// runs the authorization code flow with PKCE against the consent screen (driven here in
// Chromium), gets tokens, lists the tools, calls one and refreshes; then the person revokes the
// client in «Aplicaciones conectadas» and the next call is refused.

const REDIRECT = 'http://127.0.0.1:8976/callback';

/** What an MCP client application keeps between runs, in memory; the browser part is Playwright's. */
class MemoryProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | null = null;
  readonly redirectUrl = REDIRECT;
  readonly clientMetadata: OAuthClientMetadata = { client_name: 'Asistente e2e', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

test.describe('MCP over OAuth', () => {
  test('the MCP SDK client signs in through the consent screen, uses the tools, refreshes, and is refused once the app is revoked', async ({ page, baseUrl, subscribe }) => {
    test.setTimeout(120_000);
    await subscribe('Starter');
    const mcpUrl = new URL('/mcp', baseUrl);
    const provider = new MemoryProvider();

    // 1. No token: the SDK reads the 401's challenge, discovers both metadata documents, registers and asks to open the authorization URL.
    const first = new Client({ name: 'rankmaps-e2e', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.client?.client_id).toBeTruthy();
    const authorizationUrl = provider.authorizationUrl;
    expect(authorizationUrl?.pathname).toBe('/oauth/authorize');
    expect(authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl?.searchParams.get('resource')).toBe(mcpUrl.href);

    // 2. The person consents in the browser; the client's loopback redirect is caught here.
    let callback: URL | null = null;
    await page.route('http://127.0.0.1:8976/**', async (route) => {
      callback = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/plain', body: 'Puedes volver a tu asistente.' });
    });
    await page.goto(String(authorizationUrl));
    await expect(page).toHaveURL(/\/autorizar\?/);
    const screen = page.getByTestId('oauth-consent');
    await expect(screen.getByRole('heading', { name: 'Asistente e2e quiere conectarse a tu cuenta de RankMaps' })).toBeVisible();
    await expect(screen).toContainText('Después volverás a 127.0.0.1:8976.');
    await expect(screen.getByTestId('oauth-role')).toHaveText('Propietario');
    await expect(screen.getByTestId('oauth-capabilities').getByRole('listitem')).toHaveText([
      'Ver tus negocios, keywords, análisis, comparaciones y la cartera.',
      'Lanzar análisis que gastan créditos, siempre después de mostrarte el coste.',
      'Crear enlaces públicos a informes.',
      'Ver el saldo de créditos y la previsión de gasto.',
      'Añadir negocios y keywords y crear, pausar o reanudar campañas, siempre después de mostrarte lo que hará.',
      'Ver el registro de actividad del espacio de trabajo.',
      'Responder a las reseñas de Google de tus negocios, siempre después de mostrarte la respuesta.',
    ]);
    await screen.getByRole('button', { name: 'Permitir' }).click();
    await expect.poll(() => callback?.searchParams.get('code') ?? null).toBeTruthy();
    const returned = callback as URL | null;
    expect(returned?.searchParams.get('state')).toBe(authorizationUrl?.searchParams.get('state') ?? null);

    // 3. The SDK exchanges the code with its PKCE verifier, then lists and calls the tools.
    await transport.finishAuth(returned?.searchParams.get('code') ?? '');
    expect(provider.saved?.access_token).toMatch(/^rmo_at_/);
    const client = new Client({ name: 'rankmaps-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('list_places');
    const places = await client.callTool({ name: 'list_places', arguments: {} });
    expect(places.isError).not.toBe(true);
    expect(places.structuredContent).toEqual({ places: [], nextCursor: null });

    // 4. Refresh: a new access token and a rotated refresh token, and the tools still answer.
    const before = provider.saved;
    expect(await auth(provider, { serverUrl: mcpUrl })).toBe('AUTHORIZED');
    expect(provider.saved?.access_token).not.toBe(before?.access_token);
    expect(provider.saved?.refresh_token).not.toBe(before?.refresh_token);
    expect((await client.callTool({ name: 'get_credits', arguments: {} })).isError).not.toBe(true);

    // 5. The person revokes it in «Aplicaciones conectadas», after a confirmation.
    await page.unroute('http://127.0.0.1:8976/**');
    await page.goto('/profile?tab=aplicaciones');
    await expect(page.locator('[role="tab"][data-tab="aplicaciones"]')).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
    const row = page.getByTestId('connected-app-row').filter({ hasText: 'Asistente e2e' });
    await expect(row).toContainText('127.0.0.1:8976');
    await expect(row).toContainText(/último uso el/);
    await row.getByRole('button', { name: 'Revocar Asistente e2e' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revocar', exact: true }).click();
    await expect(page.getByText('Asistente e2e ya no tiene acceso a tu cuenta.')).toBeVisible();
    await expect(page.getByText('No tienes ninguna aplicación conectada.')).toBeVisible();

    // 6. The next call is refused: the token answers 401, and the SDK cannot refresh its way back in.
    const raw = await fetch(mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${provider.saved?.access_token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_places', arguments: {} } }),
    });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toContain('error="invalid_token"');
    await expect(client.callTool({ name: 'list_places', arguments: {} })).rejects.toThrow();
    await client.close();
  });
});
