import type { App } from "../../src/server/app.js";
import { at } from "../../src/server/db/rows.js";

/** An open SSE connection and the messages read from it so far. */
export class EventStream {
  private buffer = "";
  private reader?: ReadableStreamDefaultReader<Uint8Array>;
  private controller = new AbortController();

  constructor(
    private url: string,
    private cookie: string,
  ) {}

  async open(): Promise<Response> {
    const res = await fetch(this.url, { headers: { cookie: this.cookie }, signal: this.controller.signal });
    this.reader = res.body!.getReader();
    return res;
  }

  /** Reads until a complete `data:` message arrives; answers its parsed JSON. */
  async next(timeoutMs = 5000): Promise<unknown> {
    const decoder = new TextDecoder();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = /^data: (.*)$/m.exec(this.buffer);
      const end = this.buffer.indexOf("\n\n", match?.index ?? 0);
      if (match && end >= 0) {
        this.buffer = this.buffer.slice(end + 2);
        return JSON.parse(at(match, 1));
      }
      if (Date.now() > deadline)
        throw new Error(`no event within ${timeoutMs} ms; got ${JSON.stringify(this.buffer)}`);
      const chunk = await Promise.race([
        this.reader!.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no event in time")), timeoutMs)),
      ]);
      if (chunk.done) throw new Error("stream ended");
      this.buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  close(): void {
    this.controller.abort();
  }
}

/** How many streams (and other subscribers) this app has for the user. */
export function listenersOf(app: App, userId: string): number {
  return (
    app.ctx.events as unknown as { emitter: { listenerCount(name: string): number } }
  ).emitter.listenerCount(userId);
}
