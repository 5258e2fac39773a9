import { readFile, rm } from 'node:fs/promises';
import type { Context } from 'koa';
import { koaBody } from 'koa-body';
import { fieldMessages } from '@aura/contracts';
import { badRequest, HttpError } from './errors';

/** The file of a request, read when the handler asks (so a refused caller uploads nothing). */
export interface Upload {
  /** 415 when the request is not of the declared kind, 413 over the limit, 400 without a file */
  read(): Promise<{ bytes: Buffer; fileName: string | undefined; fields: Record<string, unknown> }>;
}

const tooLarge = () => new HttpError('payload_too_large');

export function uploadOf(ctx: Context, declared: { kind: 'multipart' | 'binary'; maxBytes: number }): Upload {
  return {
    read: () =>
      declared.kind === 'multipart' ? readMultipart(ctx, declared.maxBytes) : readBinary(ctx, declared.maxBytes),
  };
}

interface FormidableFile {
  filepath: string;
  originalFilename?: string | null;
}

/** One `file` field of a multipart form (formidable, on this request only), the other fields beside it. */
async function readMultipart(ctx: Context, maxBytes: number) {
  if (!ctx.is('multipart/form-data')) throw new HttpError('unsupported_media_type');
  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      maxFileSize: maxBytes,
      maxTotalFileSize: maxBytes,
      maxFiles: 1,
      maxFields: 10,
      maxFieldsSize: 64 * 1024,
      allowEmptyFiles: false,
    },
    onError(error) {
      const code = (error as { code?: number }).code;
      const httpCode = (error as { httpCode?: number }).httpCode;
      // formidable: 1009 file too big, 1016 total too big
      if (code === 1009 || code === 1016 || httpCode === 413) throw tooLarge();
      throw new HttpError('malformed_json');
    },
  });
  await parse(ctx, async () => undefined);
  const entry = (ctx.request as unknown as { files?: Record<string, FormidableFile | FormidableFile[]> }).files?.file;
  const file = Array.isArray(entry) ? entry[0] : entry;
  if (!file) throw badRequest([{ path: 'body.file', message: fieldMessages.fileRequired }]);
  try {
    const fields = (ctx.request.body ?? {}) as Record<string, unknown>;
    return { bytes: await readFile(file.filepath), fileName: file.originalFilename ?? undefined, fields };
  } finally {
    await rm(file.filepath, { force: true });
  }
}

/** The raw request body, refused as soon as it passes `maxBytes`. */
async function readBinary(ctx: Context, maxBytes: number) {
  const declared = Number(ctx.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) {
      ctx.req.resume();
      throw tooLarge();
    }
    chunks.push(buffer);
  }
  return { bytes: Buffer.concat(chunks), fileName: undefined, fields: {} };
}
