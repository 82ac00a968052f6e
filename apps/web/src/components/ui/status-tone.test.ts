import { describe, expect, it } from 'vitest';
import { statusTone } from './status-tone';

describe('statusTone', () => {
  it("when the message contains the word 'Error', then it is an error", () => {
    expect(statusTone('Error actualizando el perfil.')).toBe('error');
    expect(statusTone('Error updating the profile.')).toBe('error');
  });

  it('when it does not, then it is a success unless the caller knows better', () => {
    expect(statusTone('Perfil actualizado correctamente.')).toBe('success');
    expect(statusTone('El nombre es obligatorio', 'error')).toBe('error');
  });

  it("when 'Error' is only part of another word, then it does not count", () => {
    expect(statusTone('Errores corregidos correctamente')).toBe('success');
  });
});
