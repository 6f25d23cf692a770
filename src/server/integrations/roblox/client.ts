import { z } from "zod";
import type { HttpFetch } from "../fetch.js";

export interface RobloxUser {
  id: number;
  name: string;
  displayName: string;
}

export interface RobloxUserDetails extends RobloxUser {
  description: string;
}

const usernamesResponse = z.object({
  data: z.array(
    z.object({ requestedUsername: z.string(), id: z.number(), name: z.string(), displayName: z.string() }),
  ),
});
const userResponse = z.object({
  id: z.number(),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
});
const thumbnailsResponse = z.object({
  data: z.array(z.object({ targetId: z.number(), state: z.string(), imageUrl: z.string().nullable() })),
});

class RobloxError extends Error {}

/**
 * Roblox's public web APIs (users and thumbnails), in their real wire format. The base URLs come from config:
 * users.roblox.com / thumbnails.roblox.com, or the sandbox emulator.
 */
export class RobloxClient {
  /** `timeoutMs`: a login or a claim waits on these lookups; Roblox not answering is "unavailable", not a hang. */
  constructor(
    private fetch: HttpFetch,
    private base: { users: string; thumbnails: string },
    private timeoutMs = 10_000,
  ) {}

  private async json(url: string, init?: RequestInit): Promise<unknown> {
    const res = await this.fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    if (res.status === 404) return null;
    if (!res.ok) throw new RobloxError(`Roblox answered ${res.status}`);
    return res.json();
  }

  /** POST /v1/usernames/users: exact-name lookup; null when no such user. */
  async findUserByUsername(username: string): Promise<RobloxUser | null> {
    const body = await this.json(`${this.base.users}/v1/usernames/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ usernames: [username], excludeBannedUsers: true }),
    });
    const user = usernamesResponse.parse(body).data[0];
    return user ? { id: user.id, name: user.name, displayName: user.displayName } : null;
  }

  /** GET /v1/users/{id}: includes the profile description that holds the login phrase. */
  async getUser(id: number): Promise<RobloxUserDetails | null> {
    const body = await this.json(`${this.base.users}/v1/users/${id}`);
    if (body === null) return null;
    const u = userResponse.parse(body);
    return { id: u.id, name: u.name, displayName: u.displayName, description: u.description };
  }

  /** GET /v1/users/avatar-headshot: image URLs by user id (missing ids are absent from the map). */
  async getHeadshotUrls(ids: number[], size = "150x150"): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    if (ids.length === 0) return out;
    const q = new URLSearchParams({ userIds: ids.join(","), size, format: "Png", isCircular: "false" });
    const body = await this.json(`${this.base.thumbnails}/v1/users/avatar-headshot?${q}`);
    for (const t of thumbnailsResponse.parse(body).data) {
      if (t.state === "Completed" && t.imageUrl) out.set(t.targetId, t.imageUrl);
    }
    return out;
  }

  async getHeadshotUrl(id: number, size = "150x150"): Promise<string | null> {
    return (await this.getHeadshotUrls([id], size)).get(id) ?? null;
  }
}
