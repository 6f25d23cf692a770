// Runs before the first paint: applies the stored theme (key and values as in src/client/lib/theme.ts).
(() => {
  let theme = "dark";
  try {
    const stored = window.localStorage.getItem("autodrop-theme");
    if (stored === "light" || stored === "dark" || stored === "system") theme = stored;
  } catch {
    // Storage can be blocked (privacy mode): keep the default.
  }
  if (theme === "system") {
    theme = window.matchMedia?.("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(theme);
  root.style.colorScheme = theme;
})();
