/** One real e-mail as it will leave, shown before a sending is confirmed (the fee call, the convocation). */
export function MailPreview({ mail }: { mail: { to: string; subject: string; text: string } }) {
  return (
    <figure className="rounded-lg bg-stone-50 p-3 ring-1 ring-stone-200">
      <figcaption className="text-sm text-stone-600">
        E-mail à {mail.to} — « {mail.subject} »
      </figcaption>
      <pre className="mt-2 font-sans text-sm whitespace-pre-wrap text-stone-900 [overflow-wrap:anywhere]">
        {mail.text}
      </pre>
    </figure>
  );
}
