import { redirect } from "react-router";

// product §2: any unknown path redirects to the home page.
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}
