import type { AppModule } from "../../context.js";
import { scoped } from "../auth/index.js";
import { itemImageRoutes } from "./images.js";
import { adminRoutes, sellerRoutes } from "./routes.js";

export { itemsByIds } from "./service.js";

/** The item catalogue of each game and the generated item pictures. */
export const itemsModule: AppModule = {
  name: "items",
  prefixes: ["/api/items", "/api/admin/items", "/item-images/"],
  async plugin(app, { ctx }) {
    await scoped(app, ctx, "public", itemImageRoutes);
    await scoped(app, ctx, "seller", (r) => sellerRoutes(r, ctx));
    await scoped(app, ctx, "admin", (r) => adminRoutes(r, ctx));
  },
};
