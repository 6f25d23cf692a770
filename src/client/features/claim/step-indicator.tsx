import { CheckIcon } from "lucide-react";
import { tint } from "@/lib/color";
import { useClaimStyle } from "./claim-layout";

const STEPS = [
  { step: 1, label: "Username" },
  { step: 2, label: "Join Bot" },
] as const;

/** Step 1 Username, Step 2 Join Bot (spec 001 §2). `done` marks the whole flow finished. */
export function StepIndicator({ current, done = false }: { current: 1 | 2; done?: boolean }) {
  const style = useClaimStyle();
  return (
    <ol aria-label="Claim steps" className="flex items-center justify-center gap-3">
      {STEPS.map(({ step, label }, index) => {
        const complete = step < current || done;
        const active = step === current && !done;
        return (
          <li key={step} aria-current={active ? "step" : undefined} className="flex items-center gap-3">
            {index > 0 && (
              <span
                aria-hidden="true"
                className="h-px w-8 sm:w-16"
                style={{
                  backgroundColor: complete || active ? style.accentColor : tint(style.textColor, 25),
                }}
              />
            )}
            <span
              className="flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold"
              style={{
                borderColor: complete || active ? style.accentColor : tint(style.textColor, 30),
                backgroundColor: complete ? style.accentColor : "transparent",
                color: complete ? "#ffffff" : undefined,
              }}
            >
              {complete ? <CheckIcon className="size-4" aria-hidden="true" /> : step}
            </span>
            <span className={active ? "font-semibold" : "opacity-70"}>
              <span className="block text-xs uppercase tracking-wide opacity-80">Step {step}</span>{" "}
              <span className="block text-sm">{label}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
