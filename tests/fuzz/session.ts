/** Signs in on a running server as a browser would and returns the session cookie to send back. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ username, password }),
    headers: { Origin: new URL(baseUrl).origin },
    redirect: "manual",
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`connexion refusée (${response.status})`);
  return cookie;
}
