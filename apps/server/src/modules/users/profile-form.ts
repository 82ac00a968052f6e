import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { PROFILE_PICTURE_MAX_BYTES } from '@rankmaps/shared/schemas/profile';
import { AppError, badRequest } from '../../errors';
import type { UploadedPicture } from './profile-picture.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The file part of a form read by `uploadFormReader` (PUT /api/user, POST /api/report-brand/logo). */
    uploadedFile: UploadedPicture | null;
  }
}

export const PICTURE_FIELD = 'profilePicture';

/**
 * Limits for @fastify/multipart. The file limit is 2 MB plus a margin: reading a little
 * more than allowed is how an oversize file is told apart (and answered with the spec's
 * message) without ever buffering a large upload.
 */
export const PROFILE_FORM_LIMITS = {
  fileSize: PROFILE_PICTURE_MAX_BYTES + 64 * 1024,
  files: 1,
  fields: 8,
  fieldSize: 16 * 1024,
  fieldNameSize: 100,
  parts: 10,
  headerPairs: 50,
};

const NOT_MULTIPART = 'Envía el formulario como multipart/form-data.';
const COMPRESSED_FORM = 'Envía el formulario sin comprimir.';
const INVALID_FORM = 'El formulario enviado no es válido.';

/** @fastify/multipart's own errors, in Spanish; all of them are the client's. */
const multipartErrors: Record<string, string> = {
  FST_FILES_LIMIT: 'Solo puedes subir una imagen.',
  FST_FIELDS_LIMIT: 'El formulario tiene demasiados campos.',
  FST_PARTS_LIMIT: 'El formulario tiene demasiados campos.',
  FST_PROTO_VIOLATION: INVALID_FORM,
  FST_INVALID_JSON_FIELD_ERROR: 'Las opciones del perfil no son válidas',
};

/** What a form with one image carries: the file's field, and the text fields read (others are ignored). */
export interface UploadFormShape {
  fileField: string;
  textFields: readonly string[];
}

/**
 * A preValidation hook that reads a multipart body, so that its text fields are validated by
 * the route's schema like any JSON body, and keeps the image (if any) on the request as
 * `uploadedFile`. Every part is read to the end before answering, also after an error. The
 * profile's form and the report logo's (docs/decisions.md §24.5) share it.
 */
export function uploadFormReader({ fileField, textFields }: UploadFormShape): (request: FastifyRequest) => Promise<void> {
  const readable = new Set(textFields);
  return async (request) => {
    request.uploadedFile = null;
    if (!request.isMultipart()) throw badRequest(NOT_MULTIPART, 'NOT_MULTIPART');
    // Browsers never compress uploads; a compressed form would only hide its real size.
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') throw new AppError('COMPRESSED_FORM', COMPRESSED_FORM, 415);
    const fields: Record<string, string> = {};
    let refusal: AppError | null = null;
    try {
      const parts: AsyncIterable<Multipart> = request.parts();
      for await (const part of parts) {
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          const data = Buffer.concat(chunks);
          // A form whose file input was left empty still sends a nameless, empty part: no file.
          if (!part.filename && data.length === 0) continue;
          if (part.fieldname !== fileField) refusal ??= badRequest(`El archivo debe enviarse en el campo ${fileField}.`, 'UNEXPECTED_FILE');
          else request.uploadedFile = { filename: part.filename, data, truncated: part.file.truncated };
          continue;
        }
        if (!readable.has(part.fieldname)) continue;
        if (part.valueTruncated) refusal ??= badRequest('El texto es demasiado largo', 'FIELD_TOO_LONG');
        // A part sent as application/json arrives parsed; the schema expects its text.
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      }
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      throw badRequest((typeof code === 'string' && multipartErrors[code]) || INVALID_FORM, 'INVALID_MULTIPART');
    }
    if (refusal) throw refusal;
    request.body = fields;
  };
}

/** preValidation of PUT /api/user: name, options, profilePictureOld and the file profilePicture. */
export const readProfileForm = uploadFormReader({ fileField: PICTURE_FIELD, textFields: ['name', 'options', 'profilePictureOld'] });
