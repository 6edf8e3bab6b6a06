/** A download from the API passed through as it streams, with its type, name and caching. */
export function passDownload(res: Response): Response {
  const headers = new Headers();
  for (const name of ["content-type", "content-disposition", "cache-control"]) {
    const value = res.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(res.body, { status: res.status, headers });
}
