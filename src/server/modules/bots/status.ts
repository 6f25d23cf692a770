import type { BotStatus } from "../../../contract/bots.js";
import { BOT_ONLINE_WINDOW_SECONDS } from "../../../contract/limits.js";

interface BotWindow {
  status: BotStatus;
  onlineUntil: Date | null;
}

/**
 * A bot's status is derived from its online window when read, so the window ending needs no job: offline once
 * online_until has passed; within it, online after the agent's heartbeat and pending_online before.
 */
export function botStatusAt(bot: BotWindow, now: Date): BotStatus {
  if (!bot.onlineUntil || bot.onlineUntil.getTime() <= now.getTime()) return "offline";
  return bot.status === "online" ? "online" : "pending_online";
}

/** Spec 000 §3 onlineTimeLeft: the end of the window (ISO) while the bot is not offline. */
export function onlineTimeLeft(bot: BotWindow, now: Date): string | null {
  return botStatusAt(bot, now) === "offline" ? null : bot.onlineUntil!.toISOString();
}

/** Turn On opens a fresh 300 s window; a bot already online (heartbeating) stays online. */
export function turnedOn(
  bot: BotWindow,
  now: Date,
): { status: "online" | "pending_online"; onlineUntil: Date } {
  return {
    status: botStatusAt(bot, now) === "online" ? "online" : "pending_online",
    onlineUntil: new Date(now.getTime() + BOT_ONLINE_WINDOW_SECONDS * 1000),
  };
}

/** A heartbeat inside the window makes the bot online; outside it changes nothing. */
export function afterHeartbeat(bot: BotWindow, now: Date): BotWindow {
  return botStatusAt(bot, now) === "offline" ? bot : { ...bot, status: "online" };
}
