import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { adminRoutes } from "./routes.js";

export { type AuditActor, auditActorOf, recordAudit } from "./audit.js";

/** Admin Controls' own reads (users, stats, game stats) and the audit log every admin change writes to. */
export const adminModule: AppModule = {
  name: "admin",
  prefixes: ["/api/admin/users", "/api/admin/stats", "/api/admin/game-stats", "/api/admin/audit-log"],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "admin", (r) => adminRoutes(r, ctx));
  },
};
