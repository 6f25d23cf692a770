import type { ClaimPageStyle } from "@contract/settings";
import { useState } from "react";

/** The seller's logo; a logo that does not load is left out rather than shown broken. */
function SellerLogo({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={src}
      alt={alt}
      className="max-h-16 max-w-48 object-contain"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

/**
 * The top of the buyer's claim page: the seller's logo, header and welcome message, all rendered as text. The claim
 * page and the seller's preview of it both show it; the preview sits inside a page that has its own heading.
 */
export function ClaimPageHeader({
  style,
  headingAs: Heading = "h1",
  logoAlt = "",
}: {
  style: ClaimPageStyle;
  headingAs?: "h1" | "p";
  logoAlt?: string;
}) {
  return (
    <header className="flex flex-col items-center gap-3 text-center">
      {style.logoUrl && <SellerLogo key={style.logoUrl} src={style.logoUrl} alt={logoAlt} />}
      <Heading className="text-3xl font-bold tracking-tight break-words" style={{ color: style.headerColor }}>
        {style.headerText}
      </Heading>
      <p className="max-w-md whitespace-pre-line break-words opacity-80">{style.welcomeMessage}</p>
    </header>
  );
}

export function ClaimPageFooter({ style }: { style: ClaimPageStyle }) {
  return (
    <footer className="px-4 pb-8 text-center text-sm whitespace-pre-line break-words opacity-70">
      {style.footerText}
    </footer>
  );
}
