import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { FILE_MESSAGES, decodeCsvBytes, parseKeywordCsv, pastedLines } from './keyword-import-file';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? { status: err.status, message: err.message } : err;
  }
  return null;
};

describe('reading a keyword CSV', () => {
  it('when the bytes carry a mark or are valid UTF-8, then they are read as such; otherwise as Windows-1252', () => {
    const text = 'negocio;keyword\nPeluquería Núñez;corte 10€ “rápido”\n';
    expect(decodeCsvBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toEqual({ text, encoding: 'utf-8' });
    expect(decodeCsvBytes(Buffer.from(text))).toEqual({ text, encoding: 'utf-8' });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(decodeCsvBytes(utf16)).toEqual({ text, encoding: 'utf-16le' });
    // Excel's bytes: í ED, ú FA, ñ F1, € 80, “ 93, ” 94.
    const cp1252 = Buffer.from([...'negocio;keyword\nPeluquería Núñez;corte 10'].map((c) => c.charCodeAt(0)).concat([0x80, 0x20, 0x93, ...[...'rápido'].map((c) => c.charCodeAt(0)), 0x94, 0x0a]));
    expect(decodeCsvBytes(cp1252)).toEqual({ text, encoding: 'windows-1252' });
  });

  it('when the bytes are a spreadsheet, an image or hold control characters, then it is not a CSV', () => {
    for (const bytes of [[0x50, 0x4b, 0x03, 0x04, 0x14], [0xd0, 0xcf, 0x11, 0xe0], [0x25, 0x50, 0x44, 0x46, 0x2d], [0x61, 0x00, 0x62], [0x61, 0x1b, 0x62]]) {
      expect(refusal(() => decodeCsvBytes(Buffer.from(bytes)))).toEqual({ status: 400, message: FILE_MESSAGES.notCsv });
    }
    expect(refusal(() => decodeCsvBytes(Buffer.alloc(0)))).toEqual({ status: 400, message: FILE_MESSAGES.empty });
    expect(refusal(() => decodeCsvBytes(Buffer.alloc(1024 * 1024 + 1, 0x61)))).toEqual({ status: 400, message: FILE_MESSAGES.tooBig });
  });

  it('when the header names the columns in any order, case or accents, with «;», «,» or a tab, then each row keeps its line, quotes and all', () => {
    expect(parseKeywordCsv('Keyword;NEGOCIO;notas\r\n"a; b";Clínica;x\r\n\r\n"dos ""comillas""";Clínica\r\n')).toEqual([
      { line: 2, place: 'Clínica', keyword: 'a; b' },
      { line: 4, place: 'Clínica', keyword: 'dos "comillas"' },
    ]);
    expect(parseKeywordCsv('negocio,keyword\nClínica,"x, y"')).toEqual([{ line: 2, place: 'Clínica', keyword: 'x, y' }]);
    expect(parseKeywordCsv('negocio\tkeyword\nClínica\tz')).toEqual([{ line: 2, place: 'Clínica', keyword: 'z' }]);
    expect(refusal(() => parseKeywordCsv('nombre;palabra\nA;b'))).toEqual({ status: 400, message: FILE_MESSAGES.columns('«nombre;palabra»') });
  });

  it('when text is pasted, then blank lines are skipped and each line keeps its number', () => {
    expect(pastedLines('uno\r\n\r\n  dos \n')).toEqual([
      { line: 1, keyword: 'uno' },
      { line: 3, keyword: '  dos ' },
    ]);
    expect(refusal(() => pastedLines(' \n\n'))).toEqual({ status: 400, message: FILE_MESSAGES.noText });
  });
});
