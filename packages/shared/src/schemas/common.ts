import { z } from 'zod';

/** Every error the API returns has this shape. `error` is a Spanish sentence for the user. */
export const errorResponseSchema = z
  .object({
    error: z.string(),
    errorType: z.string().optional(),
    code: z.string().optional(),
  })
  // One component in the API references, which every error answer points to.
  .meta({ id: 'ErrorResponse', description: 'Un error: `error` es una frase en español para el usuario; `code`, un código estable para programas.' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
