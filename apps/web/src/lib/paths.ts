/**
 * Every URL of the SPA (docs/product.md §2), in one table: `path` is the pattern the router matches,
 * `getHref(...)` builds the link, so no screen types a URL by hand. External links
 * (mailto:, https:) and API paths are not routes and stay out of this table.
 */

/** `base?redirect=…` when there is somewhere to return to, plain `base` otherwise. */
function withRedirect(base: string, redirect?: string | null): string {
  return redirect ? `${base}?${new URLSearchParams({ redirect }).toString()}` : base;
}

/** A route without parameters: its pattern is its link. */
function fixed<P extends string>(path: P) {
  return { path, getHref: () => path };
}

export const paths = {
  // Public site
  root: fixed('/'),
  landing: fixed('/home'),
  howItWorks: fixed('/como-funciona'),
  faq: fixed('/faq'),
  contact: fixed('/contact'),
  legal: { path: '/legal/:doc', getHref: (doc: string) => `/legal/${doc}` },
  pricing: fixed('/pricing'),
  subscription: fixed('/subscription'),
  buyCredits: fixed('/buy-credits'),
  bannerPreview: fixed('/banner-preview'),
  devMail: fixed('/dev/mail'),
  /** Any URL no other route claims; nothing links to it. */
  notFound: { path: '*' },

  // Accounts
  signin: { path: '/signin', getHref: (redirect?: string | null) => withRedirect('/signin', redirect) },
  signup: { path: '/signup', getHref: (redirect?: string | null) => withRedirect('/signup', redirect) },
  resetPassword: fixed('/reset-password'),
  resetPasswordToken: { path: '/reset-password/:token', getHref: (token: string) => `/reset-password/${token}` },
  emailVerification: {
    path: '/email-verification',
    /** `query` carries the return path and, after a sign-in or sign-up, the address the link went to. */
    getHref: (query: { email?: string; redirect?: string } = {}) => {
      const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
      return search ? `/email-verification?${search}` : '/email-verification';
    },
  },
  /** The consent screen of RankMaps' OAuth server for its MCP server (docs/decisions.md §33.3); the server's /oauth/authorize sends the person here with the request's parameters. */
  authorize: fixed('/autorizar'),
  /** An invitation to a workspace, from its e-mail (docs/decisions.md §30.7); public. */
  invitation: { path: '/invitacion', getHref: (token: string) => `/invitacion?${new URLSearchParams({ token }).toString()}` },
  confirmEmail: { path: '/confirm-email/:type?/:token?', getHref: (type: string, token: string) => `/confirm-email/${type}/${token}` },

  // Payments (the sandbox provider's pages stand in for Stripe's)
  subscriptionSuccess: fixed('/subscription/success'),
  sandboxCheckout: { path: '/sandbox/checkout/:id', getHref: (id: string) => `/sandbox/checkout/${id}` },
  sandboxPortal: fixed('/sandbox/portal'),

  // Signed-in app
  profile: fixed('/profile'),
  rankmap: fixed('/rankmap'),
  portfolio: fixed('/cartera'),
  clients: fixed('/clientes'),
  /** Campaigns (docs/workspace.md «Campañas»): the list, a new one, and one with its history. */
  campaigns: fixed('/campanas'),
  newCampaign: fixed('/campanas/nueva'),
  campaign: { path: '/campanas/:campaignId', getHref: (campaignId: string) => `/campanas/${campaignId}` },
  statistics: fixed('/estadisticas'),
  /** A workspace's members and invitations, and its activity log (docs/decisions.md §30.7). */
  team: fixed('/equipo'),
  activity: fixed('/actividad'),
  reviews: fixed('/reviews'),
  support: fixed('/support'),
  /** The support operator's inbox (docs/support.md); a 404 page for everyone else. */
  operator: fixed('/operator'),
  newPlace: fixed('/new-place'),
  editMatrix: { path: '/edit-matrix/:placeId', getHref: (placeId: string) => `/edit-matrix/${placeId}` },
  place: { path: '/rankmap/:placeId', getHref: (placeId: string) => `/rankmap/${placeId}` },
  keywordAnalysis: {
    path: '/rankmap/:placeId/keyword/:keywordId',
    getHref: (placeId: string, keywordId: string) => `/rankmap/${placeId}/keyword/${keywordId}`,
  },
  /** «Visibilidad en IA» of a keyword (issue 30; docs/decisions.md §31.10). */
  aiVisibility: {
    path: '/rankmap/:placeId/keyword/:keywordId/ai',
    getHref: (placeId: string, keywordId: string) => `/rankmap/${placeId}/keyword/${keywordId}/ai`,
  },
} as const;
