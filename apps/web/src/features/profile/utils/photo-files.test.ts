import { describe, expect, it } from 'vitest';
import { matchesAccept, pickPhotos } from './photo-files';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });
const single = { accept: 'image/png,image/jpeg', maxBytes: 2 * MB, multiple: false };

describe('pickPhotos', () => {
  it('when a file is not an image, then it is refused by name', () => {
    const { files, errors } = pickPhotos([], [file('cv.pdf', 'application/pdf', 10)], single);
    expect(files).toEqual([]);
    expect(errors).toEqual([{ code: 'type', file: 'cv.pdf' }]);
  });

  it('when an image is over 2 MB, then it is refused as too large', () => {
    const { errors } = pickPhotos([], [file('big.png', 'image/png', 2 * MB + 1)], single);
    expect(errors).toEqual([{ code: 'size', file: 'big.png' }]);
  });

  it('when an image is exactly 2 MB, then it is accepted', () => {
    expect(pickPhotos([], [file('ok.png', 'image/png', 2 * MB)], single).files).toHaveLength(1);
  });

  it('when several files arrive in single mode, then the first good one replaces the current one', () => {
    const old = file('old.png', 'image/png', 5);
    const a = file('a.jpg', 'image/jpeg', 5);
    const b = file('b.jpg', 'image/jpeg', 5);
    expect(pickPhotos([old], [file('x.txt', 'text/plain', 5), a, b], single).files).toEqual([a]);
  });

  it('when nothing good arrives in single mode, then the current file stays', () => {
    const old = file('old.png', 'image/png', 5);
    expect(pickPhotos([old], [file('x.txt', 'text/plain', 5)], single).files).toEqual([old]);
  });

  it('when in multiple mode, then files are appended up to the limit and the rest refused', () => {
    const rules = { accept: 'image/*', maxBytes: MB, multiple: true, maxFiles: 2 };
    const a = file('a.png', 'image/png', 5);
    const b = file('b.png', 'image/png', 5);
    const c = file('c.png', 'image/png', 5);
    const { files, errors } = pickPhotos([a], [b, c], rules);
    expect(files).toEqual([a, b]);
    expect(errors).toEqual([{ code: 'tooMany', file: 'c.png' }]);
  });

  it('when a file is empty, then it is refused as too small', () => {
    expect(pickPhotos([], [file('e.png', 'image/png', 0)], single).errors).toEqual([{ code: 'tooSmall', file: 'e.png' }]);
  });
});

describe('matchesAccept', () => {
  it('when the list has a wildcard, then any subtype matches', () => {
    expect(matchesAccept('image/heic', 'image/*')).toBe(true);
    expect(matchesAccept('video/mp4', 'image/*')).toBe(false);
    expect(matchesAccept('', 'image/*')).toBe(false);
  });
});
