import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  dismissToast,
  getToastState,
  TOAST_REMOVE_DELAY,
  type ToasterToast,
  type ToastState,
  toast,
  toastPlacement,
  toastReducer,
} from "./toast";

const t = (id: string, extra: Partial<ToasterToast> = {}): ToasterToast => ({ id, open: true, ...extra });

describe("toastReducer", () => {
  it("keeps at most one toast: a new toast replaces the earlier one", () => {
    const one = toastReducer({ toasts: [] }, { type: "ADD_TOAST", toast: t("1", { title: "First" }) });
    const two = toastReducer(one, { type: "ADD_TOAST", toast: t("2", { title: "Second" }) });
    expect(two.toasts).toEqual([t("2", { title: "Second" })]);
  });

  it("updates the matching toast only", () => {
    const start: ToastState = { toasts: [t("1", { title: "Old", variant: "destructive" })] };
    const next = toastReducer(start, { type: "UPDATE_TOAST", toast: { id: "1", title: "New" } });
    expect(next.toasts[0]).toEqual(t("1", { title: "New", variant: "destructive" }));
    expect(toastReducer(start, { type: "UPDATE_TOAST", toast: { id: "9", title: "X" } })).toEqual(start);
  });

  it("dismisses by closing, one toast or all", () => {
    const start: ToastState = { toasts: [t("1"), t("2")] };
    expect(toastReducer(start, { type: "DISMISS_TOAST", toastId: "2" }).toasts).toEqual([
      t("1"),
      t("2", { open: false }),
    ]);
    expect(toastReducer(start, { type: "DISMISS_TOAST" }).toasts.every((x) => !x.open)).toBe(true);
  });

  it("removes one toast or all", () => {
    const start: ToastState = { toasts: [t("1"), t("2")] };
    expect(toastReducer(start, { type: "REMOVE_TOAST", toastId: "1" }).toasts).toEqual([t("2")]);
    expect(toastReducer(start, { type: "REMOVE_TOAST" }).toasts).toEqual([]);
  });

  it("does not mutate the previous state", () => {
    const start: ToastState = { toasts: [t("1")] };
    toastReducer(start, { type: "DISMISS_TOAST" });
    expect(start.toasts[0]?.open).toBe(true);
  });
});

describe("toast store", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows one toast, and removes a dismissed toast 1,000,000 ms after dismissal", () => {
    toast({ title: "Error", description: "first", variant: "destructive" });
    const second = toast({ title: "Copied!" });
    expect(getToastState().toasts.map((x) => x.title)).toEqual(["Copied!"]);

    second.dismiss();
    expect(getToastState().toasts).toEqual([expect.objectContaining({ id: second.id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(getToastState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToastState().toasts).toEqual([]);
  });

  it("updates a toast through its handle", () => {
    const shown = toast({ title: "Saving" });
    shown.update({ title: "Saved" });
    expect(getToastState().toasts[0]).toEqual(
      expect.objectContaining({ id: shown.id, title: "Saved", open: true }),
    );
    dismissToast();
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect(getToastState().toasts).toEqual([]);
  });
});

describe("toastPlacement", () => {
  it("keeps the usual corner without a dialog", () => {
    expect(toastPlacement(null, 1280)).toBeNull();
  });

  it("puts the toasts in the column beside an open dialog when it is wide enough", () => {
    // The setup wizard's plan step at 1280 px: 768 px wide, centred.
    expect(toastPlacement(1024, 1280)).toEqual({ top: 0, right: 0, width: 256 });
    expect(toastPlacement(896, 1600)).toEqual({ top: 0, right: 0, width: 420 });
  });

  it("otherwise goes to the top of the screen, over the dialog's title and away from its buttons", () => {
    expect(toastPlacement(374, 390)).toEqual({ top: 0, right: 0, width: 390 });
    expect(toastPlacement(900, 1000)).toEqual({ top: 0, right: 0, width: 420 });
  });
});
