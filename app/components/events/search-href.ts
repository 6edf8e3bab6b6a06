/** The search page's filters, as its address carries them. */
export interface Filters {
  type: string;
  mode: string;
  q: string;
}

/** The search address for these filters (empty ones left out), plus optional page and selection. */
export function searchHref(f: Filters, extra: { page?: number; selected?: string } = {}): string {
  const p = new URLSearchParams();
  if (f.type) p.set("type", f.type);
  if (f.mode) p.set("mode", f.mode);
  if (f.q) p.set("q", f.q);
  if (extra.page && extra.page > 1) p.set("page", String(extra.page));
  if (extra.selected) p.set("selected", extra.selected);
  const qs = p.toString();
  return `/event/search${qs ? `?${qs}` : ""}`;
}
