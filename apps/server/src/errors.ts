// One error type for everything the API refuses on purpose. Messages are Spanish and
// shown to users as they are; `errorType` lets the client pick a dedicated alert.
export type ErrorType = 'upgrade_required' | 'insufficient_credits' | 'email_not_confirmed';

export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly errorType?: ErrorType,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(code, message, 400);
export const unauthorized = (message = 'Sesión no válida o caducada.', code = 'UNAUTHORIZED') =>
  new AppError(code, message, 401);
export const forbidden = (message: string, code = 'FORBIDDEN', errorType?: ErrorType) =>
  new AppError(code, message, 403, errorType);
export const notFound = (message = 'Recurso no encontrado.', code = 'NOT_FOUND') => new AppError(code, message, 404);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(code, message, 409);
