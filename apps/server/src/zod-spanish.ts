import { z } from 'zod';
import { es } from 'zod/locales';

// zod's generic messages in Spanish, for every schema of every server process: the API, the
// workers (whose vendor adapters report unreadable items with them) and the CLIs all build a
// container, which imports this module.
z.config(es());
