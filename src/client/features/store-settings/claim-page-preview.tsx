import { type ClaimPageStyle, resolveClaimStyle } from "@contract/settings";
import { PackageIcon } from "lucide-react";
import { ClaimPageFooter, ClaimPageHeader } from "@/components/claim-page-frame";
import { tint } from "@/lib/color";

const SAMPLE_ITEMS = [
  { name: "Shadow Dragon", quantity: 1 },
  { name: "Golden Knife", quantity: 2 },
];

/**
 * The buyer's claim page at step 1 (username) as it will look with this style, laid out like the claim page itself.
 * Colours reach a style object only after the server's colour rule, and every text is rendered as text. Nothing in
 * it is interactive.
 */
export function ClaimPagePreview({ style }: { style: ClaimPageStyle }) {
  const s = resolveClaimStyle(style);
  return (
    <section
      aria-label="Claim page preview"
      data-testid="claim-page-preview"
      className="flex min-h-[560px] flex-col overflow-hidden rounded-lg border"
      style={{ backgroundColor: s.backgroundColor, color: s.textColor }}
    >
      <div className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-6 px-4 py-10">
        <ClaimPageHeader style={s} headingAs="p" logoAlt="Your logo" />

        <div className="flex items-center justify-center gap-3" aria-hidden="true">
          <span
            className="flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold"
            style={{ borderColor: s.accentColor }}
          >
            1
          </span>
          <span className="font-semibold">
            <span className="block text-xs uppercase tracking-wide opacity-80">Step 1</span>
            <span className="block text-sm">Username</span>
          </span>
          <span className="h-px w-8 sm:w-16" style={{ backgroundColor: tint(s.textColor, 25) }} />
          <span
            className="flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold"
            style={{ borderColor: tint(s.textColor, 30) }}
          >
            2
          </span>
          <span className="opacity-70">
            <span className="block text-xs uppercase tracking-wide opacity-80">Step 2</span>
            <span className="block text-sm">Join Bot</span>
          </span>
        </div>

        <div
          className="flex flex-col gap-5 rounded-xl border p-6 shadow-lg"
          style={{ backgroundColor: s.cardBackgroundColor, borderColor: tint(s.textColor, 12) }}
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xl font-semibold" style={{ color: s.headerColor }}>
              Your ROBLOX Account
            </p>
            <span
              className="inline-flex w-fit items-center rounded-full px-2.5 py-0.5 text-xs font-medium"
              style={{ backgroundColor: tint(s.accentColor, 18) }}
            >
              Ready to claim
            </span>
          </div>
          <ul className="flex flex-col gap-3">
            {SAMPLE_ITEMS.map((item) => (
              <li key={item.name} className="flex items-center gap-3">
                <span
                  className="flex size-12 shrink-0 items-center justify-center rounded-lg"
                  style={{ backgroundColor: tint(s.textColor, 8) }}
                >
                  <PackageIcon className="size-6 opacity-60" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1 truncate font-medium">{item.name}</span>
                <span className="shrink-0 text-sm opacity-80">Quantity: {item.quantity}</span>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-3">
            <span className="text-sm font-medium">ROBLOX Username</span>
            <span
              className="flex h-11 items-center rounded-md border px-3 text-sm opacity-70"
              style={{ backgroundColor: tint(s.textColor, 5), borderColor: tint(s.textColor, 25) }}
            >
              Your ROBLOX username
            </span>
            <span
              className="flex h-10 items-center justify-center rounded-md text-sm font-medium"
              style={{ backgroundColor: s.buttonColor, color: "#ffffff" }}
            >
              Continue
            </span>
          </div>
        </div>
      </div>
      <ClaimPageFooter style={s} />
    </section>
  );
}
