import type { ReactNode } from "react";

/**
 * Says, above a page shown to an administrator as visitors would see it, that visitors do not see it: « Aperçu —
 * non publié », or which version it is. `children`: what can be done from there (restore a version, go back).
 */
export function PreviewBanner({ title, detail, children }: { title: string; detail?: string; children?: ReactNode }) {
  return (
    <div
      role="note"
      aria-label={title}
      className="mx-auto mb-2 flex max-w-3xl flex-wrap items-center gap-3 rounded-xl border-2 border-dashed border-amber-600 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <p className="min-w-60 flex-1">
        <strong className="text-lg">{title}</strong>
        {detail ? <span className="block text-sm">{detail}</span> : null}
      </p>
      {children}
    </div>
  );
}
