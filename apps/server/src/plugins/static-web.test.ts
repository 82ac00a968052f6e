import { describe, expect, it } from 'vitest';
import { indexHtmlFor } from './static-web';

const HTML = `<head>
    <meta property="og:image" content="/og-image.png" />
    <meta property="og:image:width" content="1200" />
    <meta name="twitter:image" content="/og-image.png" />
    <link rel="icon" href="/favicon.svg" />
    <meta property="og:image:alt" content="/no es una ruta" />
</head>`;

describe('indexHtmlFor', () => {
  it('when the site runs at an address, then the social-card images point there and nothing else changes', () => {
    const out = indexHtmlFor(HTML, 'https://app.rankmaps.es/');
    expect(out).toContain('<meta property="og:image" content="https://app.rankmaps.es/og-image.png" />');
    expect(out).toContain('<meta name="twitter:image" content="https://app.rankmaps.es/og-image.png" />');
    expect(out).toContain('<link rel="icon" href="/favicon.svg" />');
    expect(out).toContain('<meta property="og:image:alt" content="/no es una ruta" />');
  });

  it('when an image is already absolute, then it is left as it is', () => {
    const html = '<meta property="og:image" content="https://cdn.example.com/x.png" /><meta name="twitter:image" content="//cdn.example.com/y.png" />';
    expect(indexHtmlFor(html, 'http://localhost:3000')).toBe(html);
  });
});
