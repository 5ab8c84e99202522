/** Renders HTML that the server has already sanitised (on save and again in the loader). */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`rich-text leading-relaxed ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
