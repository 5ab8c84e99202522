/** product §2: the header's seven links, in order. */
export const NAV_LINKS = [
  { to: "/", label: "Accueil" },
  { to: "/association", label: "Notre association" },
  { to: "/blog", label: "Blog" },
  { to: "/events", label: "Événements" },
  { to: "/annonces", label: "Annonces" },
  { to: "/apply", label: "Postuler" },
  { to: "/contact", label: "Contact" },
] as const;
