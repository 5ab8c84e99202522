/** A form field's French error under the field; `id` is what the field's aria-describedby points to. */
export function FieldError({ id, message, alert = false }: { id?: string; message?: string | null; alert?: boolean }) {
  if (!message) return null;
  return (
    <p id={id} role={alert ? "alert" : undefined} className="mt-1 text-sm text-red-800">
      {message}
    </p>
  );
}
