import "./styles.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// landing.html carries the landing page's first render (landing-prerender.tsx): React takes that markup over
// instead of painting it again.
if (root.hasChildNodes()) hydrateRoot(root, app);
else createRoot(root).render(app);
