import type { GbpStartUrlResponse } from '@rankmaps/shared/schemas/gbp';
import { api } from '@/lib/api-client';
import { startUrlPath } from '../utils/query-params';

/** GET /auth/google/start-url?intent=gbp_connect&redirectAfter=…: Google's consent URL (the demo: our own callback). */
export const getStartUrl = (redirectAfter: string) => api<GbpStartUrlResponse>(startUrlPath(redirectAfter));
