/**
 * The app's time source, in epoch milliseconds. Everything that decides by the time of day (demo data, the
 * dashboard's buckets) reads it from the app context, so tests can run the app at a fixed instant.
 */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** A clock that always answers the same instant. */
export const fixedClock =
  (at: Date | number | string): Clock =>
  () =>
    new Date(at).getTime();
