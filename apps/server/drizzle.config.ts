import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/server/src/db/schema.ts', './apps/server/src/db/billing-schema.ts', './apps/server/src/db/places-schema.ts', './apps/server/src/db/rankmaps-schema.ts', './apps/server/src/db/followed-competitors-schema.ts', './apps/server/src/db/support-schema.ts', './apps/server/src/db/gbp-schema.ts', './apps/server/src/db/security-schema.ts', './apps/server/src/db/notifications-schema.ts', './apps/server/src/db/report-brand-schema.ts', './apps/server/src/db/share-links-schema.ts', './apps/server/src/db/report-mail-schema.ts', './apps/server/src/db/campaigns-schema.ts', './apps/server/src/db/video-call-schema.ts', './apps/server/src/db/chat-schema.ts', './apps/server/src/db/api-keys-schema.ts', './apps/server/src/db/api-idempotency-schema.ts', './apps/server/src/db/webhooks-schema.ts', './apps/server/src/db/workspaces-schema.ts', './apps/server/src/db/oauth-schema.ts', './apps/server/src/db/ai-visibility-schema.ts', './apps/server/src/db/listing-schema.ts', './apps/server/src/db/reviews-schema.ts'],
  out: './apps/server/src/db/migrations',
});
