import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * Re-runs the page's loaders every `ms` while the tab is visible (product §4: counters 5 min, dashboard 30 s), and
 * while `enabled` (a letter's figures while it goes).
 */
export function useIntervalRevalidation(ms: number, enabled = true) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!enabled) return;
    const id = setInterval(() => {
      if (document.visibilityState === "visible") void revalidate();
    }, ms);
    return () => clearInterval(id);
  }, [ms, revalidate, enabled]);
}
