import { profileOptionsFromForm, type Profile } from '@rankmaps/shared/schemas/profile';

export interface PersonalValues {
  name: string;
  age: string | number;
  gender: string;
}

/** The form's starting values: the profile's name, and its age and gender options if set. */
export function personalDefaults(profile: Pick<Profile, 'name' | 'options'>): { name: string; age: string; gender: string } {
  const option = (key: string) => profile.options.find((o) => o.key === key)?.value ?? '';
  return { name: profile.name, age: option('age'), gender: option('gender') };
}

/**
 * The multipart body of PUT /user (docs/product.md §7): name, options as a JSON list with only the
 * non-empty age and gender (docs/product.md §5), and either the new picture file or the current picture's
 * URL as profilePictureOld ("keep it").
 */
export function buildProfileFormData(values: PersonalValues, picture: File | null, currentPicture: string | null): FormData {
  const form = new FormData();
  form.append('name', values.name.trim());
  form.append('options', JSON.stringify(profileOptionsFromForm(values)));
  if (picture) form.append('profilePicture', picture, picture.name);
  else if (currentPicture) form.append('profilePictureOld', currentPicture);
  return form;
}
