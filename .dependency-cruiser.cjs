/**
 * Which way imports may go (decision 012), checked by `npm run check` (dependency-cruiser resolves every import,
 * type-only ones too, to the file it names).
 *
 * The server's layers, lowest first: each may import only from layers below it (and from itself).
 */
const LAYERS = [
  ["contract", "^src/contract/"],
  ["base", "^src/server/(config|clock|paths)\\.ts$|^src/server/crypto/"],
  ["db", "^src/server/db/"],
  ["infrastructure", "^src/server/(http|jobs|realtime)/"],
  ["integrations", "^src/server/integrations/"],
  ["context", "^src/server/context\\.ts$"],
  ["modules", "^src/server/modules/"],
  ["demo", "^src/server/demo/"],
  ["app", "^src/server/(app|main|doctor|doctor-main)\\.ts$"],
];

const layerRules = LAYERS.slice(0, -1).map(([name, path], i) => ({
  name: `layer-${name}`,
  comment: `The ${name} layer imports only from the layers below it: ${
    LAYERS.slice(0, i)
      .map(([below]) => below)
      .join(", ") || "none"
  }.`,
  severity: "error",
  from: { path },
  to: { path: LAYERS.slice(i + 1).map(([, above]) => above) },
}));

/**
 * The emulators of the services whose clients live beside them (decision 043). An emulator written from the
 * provider's documents catches the client's misreadings only if it shares none of the client's code; neutral wire
 * helpers live in integrations/wire.
 */
const EMULATOR_FILES = [
  "^src/server/integrations/shopify/sandbox/",
  "^src/server/integrations/discord/sandbox(-rules)?\\.ts$",
  "^src/server/integrations/roblox/(sandbox|sandbox-game|sandbox-store|headshot|png)\\.ts$",
  "^src/server/integrations/crypto/sandbox/",
];

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "server-file-outside-layers",
      comment: "Every server file sits in a layer; a new folder or top-level file gets one here first.",
      severity: "error",
      from: { path: "^src/server/", pathNot: LAYERS.map(([, path]) => path) },
      to: {},
    },
    {
      name: "contract-imports-neither-side",
      comment:
        "src/contract is shared by the server and the client and imports neither (nor anything else in src).",
      severity: "error",
      from: { path: "^src/contract/" },
      to: { path: "^src/", pathNot: "^src/contract/" },
    },
    {
      name: "module-through-its-index",
      comment: "A module uses another module only through what its index.ts exports.",
      severity: "error",
      from: { path: "^src/server/modules/([^/]+)/" },
      to: {
        path: "^src/server/modules/",
        pathNot: ["^src/server/modules/$1/", "^src/server/modules/[^/]+/index\\.ts$"],
      },
    },
    {
      name: "table-owned-by-its-module",
      comment:
        "Each table belongs to one module: src/server/db/schema/<module>.ts. A module imports only its own tables; " +
        "another module's data goes through that module's index.ts (createOrders, completeOrder, lockUser, ...). The " +
        "imports older than this rule are listed in .dependency-cruiser-known-violations.json, to be worked off; a " +
        "new one fails.",
      severity: "error",
      from: { path: "^src/server/modules/([^/]+)/" },
      to: { path: "^src/server/db/schema/", pathNot: "^src/server/db/schema/($1|columns)\\.ts$" },
    },
    {
      name: "modules-through-their-index",
      comment: "Outside the modules (demo data, app), a module is used only through its index.ts.",
      severity: "error",
      from: { path: "^src/", pathNot: "^src/server/modules/" },
      to: { path: "^src/server/modules/", pathNot: "^src/server/modules/[^/]+/index\\.ts$" },
    },
    {
      name: "integration-through-its-index",
      comment:
        "Modules and demo data reach an integration only through its index.ts (its provider interface, errors and " +
        "wire helpers); the provider registry and the sandbox plumbing belong to the app.",
      severity: "error",
      from: { path: "^src/server/(modules|demo)/" },
      to: {
        path: "^src/server/integrations/",
        pathNot: [
          "^src/server/integrations/[^/]+/index\\.ts$",
          "^src/server/integrations/sandbox-catalogue\\.ts$",
        ],
      },
    },
    {
      name: "emulator-imports-no-client",
      comment:
        "An emulator (Shopify, Discord, Roblox, Plisio) imports nothing of its service's client side: not the client, its " +
        "signer or verifier, its payload parser, its OAuth helpers or its index; shared helpers go to integrations/wire.",
      severity: "error",
      from: { path: EMULATOR_FILES },
      to: { path: "^src/server/integrations/(shopify|discord|roblox|crypto)/", pathNot: EMULATOR_FILES },
    },
    {
      name: "no-circular-server",
      comment: "No import cycles on the server (between modules in particular).",
      severity: "error",
      from: { path: "^src/server/" },
      to: { circular: true },
    },
    {
      name: "client-not-server",
      comment: "The client talks to the server over HTTP only; what both need lives in src/contract.",
      severity: "error",
      from: { path: "^src/client/" },
      to: { path: "^src/server/" },
    },
    {
      name: "client-feature-independent",
      comment:
        "A client feature never imports another feature; the app layer (src/client/app) composes them.",
      severity: "error",
      from: { path: "^src/client/features/([^/]+)/" },
      to: { path: "^src/client/features/", pathNot: "^src/client/features/$1/" },
    },
    {
      name: "client-shared-below-features",
      comment: "lib/ and components/ serve the features and the app; they import neither.",
      severity: "error",
      from: { path: "^src/client/(lib|components)/" },
      to: { path: "^src/client/(features|app)/" },
    },
  ],
  options: {
    includeOnly: "^src/",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
  },
};
