import { type ReactElement, type ReactNode, useSyncExternalStore } from "react";

/** Spec 000 §4 and §9: one toast at a time, a new one replaces it; removal long after dismissal. */
const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;

type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactElement;
  variant?: ToastVariant;
  duration?: number;
}

export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
}

export type ToastAction =
  | { type: "ADD_TOAST"; toast: ToasterToast }
  | { type: "UPDATE_TOAST"; toast: Partial<ToasterToast> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

export interface ToastState {
  toasts: ToasterToast[];
}

/** Pure: dismissing only closes a toast; the store schedules its removal. Without an id, acts on all toasts. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case "ADD_TOAST":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE_TOAST":
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case "DISMISS_TOAST":
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case "REMOVE_TOAST":
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      dispatch({ type: "REMOVE_TOAST", toastId: id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function dispatch(action: ToastAction): void {
  if (action.type === "DISMISS_TOAST") {
    for (const t of state.toasts) {
      if (action.toastId === undefined || t.id === action.toastId) scheduleRemoval(t.id);
    }
  }
  state = toastReducer(state, action);
  for (const listener of listeners) listener();
}

export function getToastState(): ToastState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let counter = 0;

/** Shows a toast (replacing the visible one). Returns handles to update or dismiss it. */
export function toast(options: ToastOptions) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: "ADD_TOAST", toast: { ...options, id, open: true } });
  return {
    id,
    dismiss: () => dispatch({ type: "DISMISS_TOAST", toastId: id }),
    update: (next: ToastOptions) => dispatch({ type: "UPDATE_TOAST", toast: { ...next, id } }),
  };
}

export function dismissToast(toastId?: string): void {
  dispatch({ type: "DISMISS_TOAST", toastId });
}

/** Closes the open error toasts: what they reported is over once a later call succeeds (the retry worked). */
export function dismissErrorToasts(): void {
  for (const shown of state.toasts) {
    if (shown.open && shown.variant === "destructive") dispatch({ type: "DISMISS_TOAST", toastId: shown.id });
  }
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, getToastState, getToastState);
  return { ...current, toast, dismiss: dismissToast };
}

/** The widest toast column, and the narrowest beside a dialog that still reads well (both with the 16 px margins). */
const TOAST_COLUMN_PX = 420;
const NARROWEST_COLUMN_PX = 240;

/**
 * Where the toasts go while a dialog is open, so they do not cover its buttons (its primary action sits at its
 * bottom right): in the column to the right of the dialog when it is wide enough, otherwise at the top of the screen,
 * over the dialog's title rather than its buttons. Null (the usual corner) when no dialog is open.
 */
export function toastPlacement(
  dialogRight: number | null,
  viewportWidth: number,
): { top: number; right: number; width: number } | null {
  if (dialogRight === null) return null;
  const beside = viewportWidth - dialogRight;
  if (beside >= NARROWEST_COLUMN_PX) return { top: 0, right: 0, width: Math.min(beside, TOAST_COLUMN_PX) };
  return { top: 0, right: 0, width: Math.min(viewportWidth, TOAST_COLUMN_PX) };
}
