import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** Re-runs the page's loaders every `ms` while the tab is visible (product §4: counters 5 min, dashboard 30 s). */
export function useIntervalRevalidation(ms: number) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    const id = setInterval(() => {
      if (document.visibilityState === "visible") void revalidate();
    }, ms);
    return () => clearInterval(id);
  }, [ms, revalidate]);
}
