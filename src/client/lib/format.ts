/**
 * The one way every screen writes a date ("Nov 27, 2026") or a moment ("Nov 27, 2026, 3:04 PM"): the app speaks
 * English, so the format does not follow the browser's locale (which made Listings read 11/27/2026).
 */
const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const momentFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const timeFormat = new Intl.DateTimeFormat("en-US", { timeStyle: "short" });

export const formatDate = (iso: string) => dayFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => momentFormat.format(new Date(iso));
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));
