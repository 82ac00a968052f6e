import { resolveValidationMessage } from '@rankmaps/shared/messages';
import { describe, expect, it } from 'vitest';
import { keywordNameError } from './keyword-name-error';

describe('keywordNameError', () => {
  it('accepts a keyword of up to 100 characters, spaces around it aside', () => {
    expect(keywordNameError('dentista en Málaga')).toBeNull();
    expect(keywordNameError(`  ${'a'.repeat(100)}  `)).toBeNull();
  });

  it('refuses a 360-character keyword with a message instead of cutting it', () => {
    const key = keywordNameError('fontanero urgente '.repeat(20));
    expect(resolveValidationMessage(key ?? '')).toBe('La keyword no puede tener más de 100 caracteres');
  });

  it('refuses a blank keyword', () => {
    expect(resolveValidationMessage(keywordNameError('   ') ?? '')).toBe('El nombre de la keyword es obligatorio');
  });
});
