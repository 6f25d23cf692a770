import type { ClaimPageStyle } from "@contract/settings";
import { type ComponentType, type CSSProperties, createContext, type ReactNode, useContext } from "react";
import { ClaimPageFooter, ClaimPageHeader } from "@/components/claim-page-frame";
import { tint } from "@/lib/color";
import { cn } from "@/lib/utils";

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

/** The claim page frame: the seller's colours, logo, header, welcome message and footer, all rendered as text. */
export function ClaimShell({ style, children }: { style: ClaimPageStyle; children: ReactNode }) {
  return (
    <ClaimStyleContext.Provider value={style}>
      <div
        className="flex min-h-dvh flex-col"
        style={{ backgroundColor: style.backgroundColor, color: style.textColor }}
      >
        <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-6 px-4 py-10 sm:py-16">
          <ClaimPageHeader style={style} />
          {children}
        </main>
        <ClaimPageFooter style={style} />
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
