// The keyboard behaviour every page gets without React (content pages ship no framework): Escape closes the
// mobile menu; in a photo lightbox (`#photo-…`, opened by its address), Escape closes, the arrow keys move, the
// focus stays inside and comes back to the photo it was opened from. Event delegation, so pages that React
// renders and re-renders get the same behaviour.
let openedFrom = null;

const openLightbox = () => {
  const id = decodeURIComponent(location.hash.slice(1));
  return id ? document.querySelector(`[data-lightbox][id="${CSS.escape(id)}"]`) : null;
};

document.addEventListener("click", (event) => {
  const opener = event.target instanceof Element ? event.target.closest("[data-opens]") : null;
  if (opener) openedFrom = opener.getAttribute("data-opens");
});

window.addEventListener("hashchange", () => {
  const lightbox = openLightbox();
  if (lightbox) {
    lightbox.querySelector("[data-lightbox-close]")?.focus({ preventScroll: true });
  } else if (openedFrom) {
    document.querySelector(`[data-opens="${CSS.escape(openedFrom)}"]`)?.focus({ preventScroll: true });
    openedFrom = null;
  }
});

document.addEventListener("keydown", (event) => {
  const lightbox = openLightbox();
  if (lightbox) {
    if (event.key === "Tab") {
      // The focus stays in the open lightbox, as in any modal dialog.
      const links = [...lightbox.querySelectorAll("a")];
      const index = links.indexOf(document.activeElement);
      const next = event.shiftKey
        ? index <= 0
          ? links.length - 1
          : index - 1
        : index === links.length - 1
          ? 0
          : index + 1;
      event.preventDefault();
      links[next]?.focus();
      return;
    }
    const link = {
      Escape: "[data-lightbox-close]",
      ArrowLeft: "[data-lightbox-previous]",
      ArrowRight: "[data-lightbox-next]",
    }[event.key];
    if (!link) return;
    event.preventDefault();
    lightbox.querySelector(link)?.click();
    return;
  }
  const menu = document.querySelector("details[data-menu][open]");
  if (event.key === "Escape" && menu) {
    menu.open = false;
    menu.querySelector("summary")?.focus();
  }
});
