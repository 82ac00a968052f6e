// The page the authorization endpoint shows instead of redirecting, when the client or its
// redirect URI cannot be trusted (RFC 6749 section 4.1.2.1): sending the person there could hand a
// code to someone else. Plain HTML in Spanish, nothing of the request echoed.

export function oauthErrorPage(message: string): string {
  const escaped = message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>No se puede conectar la aplicación · RankMaps</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#111827}h1{font-size:1.4rem}a{color:#1d4ed8}</style></head>
<body><main><h1>No se puede conectar la aplicación</h1><p>${escaped}</p><p><a href="/">Volver a RankMaps</a></p></main></body>
</html>`;
}
