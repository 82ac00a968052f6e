export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 128;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_DAYS_REMEMBER = 30;
/** A non-remembered session lives in a session cookie; the server still bounds it. */
export const REFRESH_TTL_HOURS_SESSION = 24;
export const CONFIRM_TOKEN_TTL_HOURS = 24;
export const RESET_TOKEN_TTL_HOURS = 1;
export const RESEND_COOLDOWN_SECONDS = 60;

export const MOBILE_BREAKPOINT_PX = 768;
export const TOAST_DURATION_MS = 3000;
export const ALERT_FADE_MS = 300;

export const TRIAL_DAYS = 14;
export const CONTACT_REPLY_HOURS = 24;

/** Names of the cookies shared by the API and the client. */
export const COOKIE_REFRESH = 'rm_refresh';
export const COOKIE_XSRF = 'XSRF-TOKEN';
export const HEADER_XSRF = 'x-xsrf-token';
export const STORAGE_TOKEN_KEY = 'authToken';
