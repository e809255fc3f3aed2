import type { Toast } from "./toast";

const EVENT = "heirloom:toast";

/** Shows a toast from client code (no request involved); the Toaster listens for it. */
export function showToast(toast: Toast): void {
  window.dispatchEvent(new CustomEvent<Toast>(EVENT, { detail: toast }));
}

export function onToast(listener: (toast: Toast) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<Toast>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
