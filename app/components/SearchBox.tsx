import { Form, useNavigate } from "react-router";
import { SearchIcon } from "./icons";

/** GET /search?q=…; a blank text does not navigate (HTML `required` + pattern without JS, a check with it). */
export function SearchBox({ id }: { id: string }) {
  const navigate = useNavigate();
  return (
    <search>
      <Form
        method="get"
        action="/search"
        className="relative"
        onSubmit={(event) => {
          event.preventDefault();
          const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
          if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
        }}
      >
        <label htmlFor={id} className="sr-only">
          Rechercher sur le site
        </label>
        <input
          id={id}
          name="q"
          type="search"
          required
          pattern=".*\S.*"
          title="Saisissez au moins un caractère"
          placeholder="Rechercher…"
          className="w-full rounded-full border border-stone-300 bg-white py-1.5 pl-3 pr-9 text-sm placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
        <button
          type="submit"
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-stone-600 hover:text-brand-700"
        >
          <SearchIcon className="size-4" />
          <span className="sr-only">Lancer la recherche</span>
        </button>
      </Form>
    </search>
  );
}
