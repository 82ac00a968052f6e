/** The support operator of the e2e journeys, created and granted by e2e/prepare-operator.ts before the server starts. */
export const E2E_OPERATOR = { name: 'Olga Operadora', email: 'operadora-e2e@rankmaps.test', password: 'Soporte#2025' } as const;
