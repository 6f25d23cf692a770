import type { AppContext } from "../context.js";

export async function seedDemoData(_ctx: AppContext): Promise<void> {}
