import type { ClaimPageStyle } from "@contract/settings";
import {
  type ComponentType,
  type CSSProperties,
  createContext,
  type ReactNode,
  useContext,
  useState,
} from "react";
import { cn } from "@/lib/utils";
import { tint } from "./claim-style";

const ClaimStyleContext = createContext<ClaimPageStyle | null>(null);

export function useClaimStyle(): ClaimPageStyle {
  const style = useContext(ClaimStyleContext);
  if (!style) throw new Error("useClaimStyle outside ClaimShell");
  return style;
}

export function primaryButtonStyle(style: ClaimPageStyle): CSSProperties {
  return { backgroundColor: style.buttonColor, color: "#ffffff" };
}

export function outlineButtonStyle(style: ClaimPageStyle): CSSProperties {
  return { backgroundColor: "transparent", color: style.textColor, borderColor: tint(style.textColor, 30) };
}

/** The seller's logo; a logo that does not load is left out rather than shown broken. */
function Logo({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={src}
      alt=""
      className="max-h-16 max-w-48 object-contain"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

/** The claim page frame: the seller's colours, logo, header, welcome message and footer, all rendered as text. */
export function ClaimShell({ style, children }: { style: ClaimPageStyle; children: ReactNode }) {
  return (
    <ClaimStyleContext.Provider value={style}>
      <div
        className="flex min-h-dvh flex-col"
        style={{ backgroundColor: style.backgroundColor, color: style.textColor }}
      >
        <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-6 px-4 py-10 sm:py-16">
          <header className="flex flex-col items-center gap-3 text-center">
            {style.logoUrl && <Logo key={style.logoUrl} src={style.logoUrl} />}
            <h1
              className="text-3xl font-bold tracking-tight break-words"
              style={{ color: style.headerColor }}
            >
              {style.headerText}
            </h1>
            <p className="max-w-md whitespace-pre-line break-words opacity-80">{style.welcomeMessage}</p>
          </header>
          {children}
        </main>
        <footer className="px-4 pb-8 text-center text-sm whitespace-pre-line break-words opacity-70">
          {style.footerText}
        </footer>
      </div>
    </ClaimStyleContext.Provider>
  );
}

/** A card in the seller's card colour. */
export function ClaimCard({
  className,
  children,
  labelledBy,
}: {
  className?: string;
  children: ReactNode;
  labelledBy?: string;
}) {
  const style = useClaimStyle();
  return (
    <section
      aria-labelledby={labelledBy}
      className={cn("flex flex-col gap-5 rounded-xl border p-6 shadow-lg", className)}
      style={{ backgroundColor: style.cardBackgroundColor, borderColor: tint(style.textColor, 12) }}
    >
      {children}
    </section>
  );
}

/** A whole-page message: Access Restricted, Order Not Found, an order that cannot be claimed, a load failure. */
export function ClaimMessage({
  icon: Icon,
  title,
  tone = "accent",
  children,
}: {
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  title: string;
  tone?: "accent" | "danger";
  children?: ReactNode;
}) {
  const style = useClaimStyle();
  return (
    <ClaimCard className="items-center text-center" labelledBy="claim-message-title">
      <span
        className="flex size-12 items-center justify-center rounded-full"
        style={{
          backgroundColor: tint(tone === "danger" ? "#ef4444" : style.accentColor, 18),
          color: tone === "danger" ? "#f87171" : style.accentColor,
        }}
      >
        <Icon className="size-6" aria-hidden />
      </span>
      <h2 id="claim-message-title" className="text-xl font-semibold" style={{ color: style.headerColor }}>
        {title}
      </h2>
      {children}
    </ClaimCard>
  );
}
