/** « Restaurer cette version »: a plain form, so that it works on pages that run no script (a version's view). */
export function RestoreVersionButton({ action, versionId }: { action: string; versionId: number }) {
  return (
    <form method="post" action={action}>
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="version" value={versionId} />
      <button
        type="submit"
        className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        Restaurer cette version
      </button>
    </form>
  );
}
