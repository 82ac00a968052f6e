import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { es } from 'zod/locales';
import { translateValidation } from './i18n';

// Only form routes import this file, so zod stays out of the landing page's bundle.
z.config(es());

export { zodResolver, translateValidation as fieldError };
