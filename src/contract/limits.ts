export const WHITELIST_MAX = 10;
export const BOT_ONLINE_WINDOW_SECONDS = 300;
export const LOGIN_CHALLENGE_TTL_MINUTES = 15;
export const SESSION_TTL_DAYS = 30;
export const USERNAME_MAX_LENGTH = 20;
export const DEFAULT_LINK_STOCK = 10;
export const STATS_CACHE_SECONDS = 300;
