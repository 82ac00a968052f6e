import { describe, expect, it } from 'vitest';
import { buildProfileFormData, personalDefaults } from './profile-form-data';

describe('buildProfileFormData', () => {
  it('when age and gender are empty, then options is an empty list', () => {
    const form = buildProfileFormData({ name: ' Ana ', age: '', gender: '' }, null, null);
    expect(form.get('name')).toBe('Ana');
    expect(JSON.parse(form.get('options') as string)).toEqual([]);
    expect(form.has('profilePicture')).toBe(false);
    expect(form.has('profilePictureOld')).toBe(false);
  });

  it('when only the gender is set, then only the gender is sent', () => {
    const form = buildProfileFormData({ name: 'Ana', age: '', gender: 'female' }, null, null);
    expect(JSON.parse(form.get('options') as string)).toEqual([{ key: 'gender', value: 'female' }]);
  });

  it('when a picture is kept, then its URL travels as profilePictureOld', () => {
    const form = buildProfileFormData({ name: 'Ana', age: 34, gender: '' }, null, '/uploads/a.webp');
    expect(form.get('profilePictureOld')).toBe('/uploads/a.webp');
    expect(JSON.parse(form.get('options') as string)).toEqual([{ key: 'age', value: '34' }]);
  });

  it('when a new picture was chosen, then the file is sent instead of the old URL', () => {
    const file = new File([new Uint8Array([1, 2, 3])], 'yo.png', { type: 'image/png' });
    const form = buildProfileFormData({ name: 'Ana', age: '', gender: '' }, file, '/uploads/a.webp');
    expect(form.get('profilePicture')).toBeInstanceOf(File);
    expect(form.has('profilePictureOld')).toBe(false);
  });
});

describe('personalDefaults', () => {
  it('when the profile has options, then age and gender come from them', () => {
    expect(
      personalDefaults({
        name: 'Ana',
        options: [
          { key: 'gender', value: 'other' },
          { key: 'age', value: '40' },
        ],
      }),
    ).toEqual({
      name: 'Ana',
      age: '40',
      gender: 'other',
    });
    expect(personalDefaults({ name: 'Ana', options: [] })).toEqual({ name: 'Ana', age: '', gender: '' });
  });
});
