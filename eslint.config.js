import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Who may import what of the server's wiring (docs/architecture.md): only the worker's start-up
// imports job handlers (code that queues work imports jobs/definitions), and only providers/
// builds a provider (everything else takes it from the container, built by providers/index.ts).
const serverWiring = [
  { group: ['**/jobs/handlers/**', './handlers/*'], message: 'Only jobs/start-workers.ts imports job handlers; queue work through jobs/definitions.' },
  { group: ['**/providers/*', '**/providers/*/*'], importNamePattern: '^create', message: 'Only providers/index.ts builds providers; take them from the container.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-e2e*/**', '**/dist-bench/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**', 'test-results*/**', 'e2e/.artifacts/**', 'packages/client/src/generated/**', 'tools/mcp-inspector/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Which files import-x parses to follow imports (no-cycle walks the whole graph).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'tsconfig.tools.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // No runtime import cycle: a module's values are never half-initialised when another reads
      // them. Type-only imports (`import type`, or every specifier `type`) are erased and not counted.
      'import-x/no-cycle': ['error', { allowUnsafeDynamicCyclicDependency: false }],
      // Imports go one way (docs/architecture.md, rules of the house).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Shared code imports neither app.
            { target: './packages/shared', from: './apps' },
            // The apps never import each other.
            { target: './apps/web', from: './apps/server' },
            { target: './apps/server', from: './apps/web' },
            // Web: components/lib → features → app. Features never import each other.
            { target: './apps/web/src/features/auth', from: './apps/web/src/features', except: ['./auth'] },
            { target: './apps/web/src/features/marketing', from: './apps/web/src/features', except: ['./marketing'] },
            { target: './apps/web/src/features/plans', from: './apps/web/src/features', except: ['./plans'] },
            { target: './apps/web/src/features/contact', from: './apps/web/src/features', except: ['./contact'] },
            { target: './apps/web/src/features/legal', from: './apps/web/src/features', except: ['./legal'] },
            { target: './apps/web/src/features/dev', from: './apps/web/src/features', except: ['./dev'] },
            { target: './apps/web/src/features/billing', from: './apps/web/src/features', except: ['./billing'] },
            { target: './apps/web/src/features/profile', from: './apps/web/src/features', except: ['./profile'] },
            { target: './apps/web/src/features/dashboard', from: './apps/web/src/features', except: ['./dashboard'] },
            { target: './apps/web/src/features/sandbox', from: './apps/web/src/features', except: ['./sandbox'] },
            { target: './apps/web/src/features/places', from: './apps/web/src/features', except: ['./places'] },
            { target: './apps/web/src/features/keywords', from: './apps/web/src/features', except: ['./keywords'] },
            { target: './apps/web/src/features/rankmaps', from: './apps/web/src/features', except: ['./rankmaps'] },
            { target: './apps/web/src/features/ai-visibility', from: './apps/web/src/features', except: ['./ai-visibility'] },
            { target: './apps/web/src/features/support', from: './apps/web/src/features', except: ['./support'] },
            { target: './apps/web/src/features/operator', from: './apps/web/src/features', except: ['./operator'] },
            { target: './apps/web/src/features/chat', from: './apps/web/src/features', except: ['./chat'] },
            { target: './apps/web/src/features/reviews', from: './apps/web/src/features', except: ['./reviews'] },
            { target: './apps/web/src/features/gbp', from: './apps/web/src/features', except: ['./gbp'] },
            { target: './apps/web/src/features/notifications', from: './apps/web/src/features', except: ['./notifications'] },
            { target: './apps/web/src/features/reports', from: './apps/web/src/features', except: ['./reports'] },
            { target: './apps/web/src/features/team', from: './apps/web/src/features', except: ['./team'] },
            { target: './apps/web/src/features/activity', from: './apps/web/src/features', except: ['./activity'] },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: ['./apps/web/src/components', './apps/web/src/lib'], from: ['./apps/web/src/features', './apps/web/src/app'] },
            // Server: routes → service → repository → db. Only repositories touch the database
            // (services may name the transaction type to pass it through).
            {
              target: './apps/server/src/modules/**/*.routes.ts',
              from: './apps/server/src/db',
              message: 'Routes go through a service; only repositories touch the database.',
            },
            {
              target: './apps/server/src/modules/**/*.service.ts',
              from: ['./apps/server/src/db/schema.ts', './apps/server/src/db/billing-schema.ts', './apps/server/src/db/rankmaps-schema.ts', './apps/server/src/db/followed-competitors-schema.ts', './apps/server/src/db/support-schema.ts', './apps/server/src/db/gbp-schema.ts', './apps/server/src/db/notifications-schema.ts'],
              message: 'Only repositories touch the database.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/jobs/start-workers.ts', 'apps/server/src/jobs/handlers/**', 'apps/server/src/providers/**', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverWiring }] },
  },
  {
    files: ['apps/server/src/modules/**/*.routes.ts', 'apps/server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'drizzle-orm', message: 'Only repositories touch the database.' }], patterns: serverWiring }],
    },
  },
  {
    // Tests read JSON bodies (typed any by inject) and assert on them directly.
    files: ['**/*.test.ts', '**/test/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
