import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // '@/…' is apps/web/src (the same alias as tsconfig.json's paths).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  server: {
    port: 5173,
    // Everything the API server answers outside the SPA: the API, uploaded pictures, SEO files.
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000', '/sitemap.xml': 'http://localhost:3000', '/robots.txt': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Route-level chunks keep the landing page light; vendor code shared by every
    // route goes in one long-cached chunk.
    rollupOptions: {
      // The SPA, and the share page's small entry of its own (/informe/{token}, docs/reports.md "Share links").
      input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), share: fileURLToPath(new URL('./share.html', import.meta.url)) },
      output: {
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          // The router on its own, so the share page (React only) does not load it.
          if (/node_modules\/react-router\//.test(id)) return 'react-router';
        },
      },
    },
  },
});
