import multipart, { type Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  KEYWORD_IMPORT_FILE_FIELD,
  KEYWORD_IMPORT_MAX_BYTES,
  keywordImportErrorSchema,
  keywordImportPreviewSchema,
  keywordImportRequestSchema,
  keywordImportResultSchema,
} from '@rankmaps/shared/schemas/bulk-keywords';
import { AppError, badRequest } from '../../errors';
import { scopeOf } from '../workspaces/scope';
import { access, routeKit } from '../../plugins/route-kit';
import { FILE_MESSAGES, decodeCsvBytes } from './keyword-import-file';
import { importKeywords, previewKeywordImport } from './keyword-import.service';

/** A little more than the largest file: reading past it is how an oversize file is told apart without buffering it all. */
const FORM_LIMITS = { fileSize: KEYWORD_IMPORT_MAX_BYTES + 1, files: 1, fields: 4, fieldSize: 1024, fieldNameSize: 100, parts: 6, headerPairs: 50 };

const formErrors: Record<string, string> = {
  FST_FILES_LIMIT: 'Sube un solo archivo CSV.',
  FST_FIELDS_LIMIT: 'El formulario tiene demasiados campos.',
  FST_PARTS_LIMIT: 'El formulario tiene demasiados campos.',
};
const INVALID_FORM = 'El formulario enviado no es válido.';
const MISSING_FILE = `Falta el archivo CSV (campo «${KEYWORD_IMPORT_FILE_FIELD}»).`;

/**
 * A CSV uploaded as multipart/form-data becomes the JSON body `{ source: 'csv', csv, fileName }`,
 * decoded from its bytes (decodeCsvBytes), so both forms are validated by one schema. A JSON body
 * passes as it is. Every part is read to the end before answering.
 */
async function readCsvUpload(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') throw new AppError('COMPRESSED_FORM', 'Envía el formulario sin comprimir.', 415);
  let file: { name: string; data: Buffer; truncated: boolean } | null = null;
  let refusal: AppError | null = null;
  try {
    const parts: AsyncIterable<Multipart> = request.parts();
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      if (!part.filename && data.length === 0) continue;
      if (part.fieldname !== KEYWORD_IMPORT_FILE_FIELD) refusal ??= badRequest(`El archivo debe enviarse en el campo «${KEYWORD_IMPORT_FILE_FIELD}».`, 'UNEXPECTED_FILE');
      else file = { name: part.filename, data, truncated: part.file.truncated };
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    throw badRequest((typeof code === 'string' && formErrors[code]) || INVALID_FORM, 'INVALID_MULTIPART');
  }
  if (refusal) throw refusal;
  if (!file) throw badRequest(MISSING_FILE, 'CSV_MISSING');
  if (file.truncated) throw badRequest(FILE_MESSAGES.tooBig, 'CSV_TOO_BIG');
  const { text } = decodeCsvBytes(file.data);
  request.body = { source: 'csv', csv: text, fileName: file.name.slice(0, 255) };
}

/** Bulk keywords (docs/decisions.md §25.2): a preview row by row, then the import, all or nothing. */
export const keywordImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  await app.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: false });
  const route = routeKit(app, { tags: ['keywords'] });
  const description =
    'JSON: { source: "text", placeIds, text } (una keyword por línea, para cada negocio elegido) o { source: "csv", csv }. ' +
    `O multipart/form-data con el archivo CSV en el campo «${KEYWORD_IMPORT_FILE_FIELD}»: cabecera negocio y keyword (nombre o id del negocio), separadas por «;» o «,», en UTF-8 (con o sin BOM) o Windows-1252; hasta 1 MB y 5.000 filas.`;
  const common = {
    access: access.workspace('data.write'),
    // The documented body: the JSON forms (a multipart upload is read into the csv one by readCsvUpload).
    body: keywordImportRequestSchema,
    consumes: ['application/json', 'multipart/form-data'],
    // @fastify/multipart reads the raw request; a compressed form is refused in readCsvUpload.
    decompress: false,
    // Pasted text of up to 1 MB, in JSON (escapes make it longer).
    bodyLimit: 3 * KEYWORD_IMPORT_MAX_BYTES,
    preValidation: [readCsvUpload],
    // 403: a free plan; 404: a place that is not the user's.
    refusals: [403, 404],
    // A refused row says why, row by row.
    errorBodies: { 400: keywordImportErrorSchema },
  } as const;

  route.post('/keywords/import/preview', { ...common, operationId: 'previewKeywordImport', summary: 'Vista previa de una importación de keywords: el estado de cada fila; no guarda nada', description, answer: { schema: keywordImportPreviewSchema } }, async (request) => previewKeywordImport(container, scopeOf(request), request.body));

  route.post('/keywords/import', { ...common, operationId: 'importKeywords', summary: 'Importa varias keywords a la vez: todas o ninguna', description: `${description} Con cualquier fila en error no se guarda nada (400 con las filas). Las repetidas se saltan.`, answer: { status: 201, schema: keywordImportResultSchema } }, async (request, reply) => {
    const outcome = await importKeywords(container, scopeOf(request), request.body);
    return outcome.ok ? reply.status(201).send(outcome.result) : reply.status(400).send(outcome.error);
  });
};
