import { type CSSProperties, useLayoutEffect, useState } from "react";
import { toastPlacement, useToast } from "@/lib/toast";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";

/** An open dialog's right edge, when one is open (toasts shown meanwhile keep clear of it). */
function openDialogRight(): number | null {
  const dialog = document.querySelector(
    '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]',
  );
  return dialog ? dialog.getBoundingClientRect().right : null;
}

/** Renders the shared toast store (lib/toast): call `toast({...})` anywhere. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const [placement, setPlacement] = useState<CSSProperties | undefined>();
  // Measured when the toasts change, which is when one appears: usually in answer to a dialog's own button.
  useLayoutEffect(() => {
    if (toasts.length === 0) return;
    const place = toastPlacement(openDialogRight(), window.innerWidth);
    setPlacement(place ? { ...place, bottom: "auto", left: "auto", maxWidth: "none" } : undefined);
  }, [toasts]);
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, action, open, ...props }) => (
        <Toast key={id} open={open} onOpenChange={(next) => !next && dismiss(id)} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport style={placement} />
    </ToastProvider>
  );
}
