import type { FastifyRequest } from 'fastify';
import type { Container } from '../../container';
import { notFound } from '../../errors';
import { requireUserId } from '../../plugins/auth';
import { operatorRepository } from './operator.repository';

// The operator role's check on its own, so the route kit can import it without the inbox's
// services (and, through them, billing's routes: an import cycle).

/** What /operator's routes answer to anyone who is not an operator: as if they did not exist. */
export const NOT_AN_OPERATOR = 'Recurso no encontrado.';

/** The onRequest hook of every /api/operator route, after app.authenticate: anyone else gets 404. */
export function requireOperator(container: Pick<Container, 'database'>) {
  return async (request: FastifyRequest) => {
    const userId = requireUserId(request);
    if (!(await operatorRepository.isOperator(container.database.db, userId))) throw notFound(NOT_AN_OPERATOR);
  };
}
