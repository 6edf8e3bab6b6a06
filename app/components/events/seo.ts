import type { EventData } from "#server/contracts/event-shape";

/** Plain text of the About HTML, for descriptions: tags dropped, entities decoded, whitespace folded. */
export function plainText(html: string | null | undefined, max = 200): string {
  const text = (html ?? "")
    .replace(/<(br|\/p|\/h\d|\/li)[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

export function eventDescription(event: EventData): string {
  const about = plainText(event.aboutEvent, 160);
  if (about) return about;
  return [
    event.eventType,
    event.organisationName && `by ${event.organisationName}`,
    event.cityName && `in ${event.cityName}`,
  ]
    .filter(Boolean)
    .join(" ");
}

const absolute = (appUrl: string, path: string | null) =>
  path ? new URL(path, `${appUrl}/`).href : undefined;

/**
 * schema.org Event for search engines: the event runs from registration start to its last round
 * (or the registration end), online or offline, at the college, organised by the organisation.
 */
export function eventJsonLd(event: EventData, appUrl: string): Record<string, unknown> {
  const url = `${appUrl}/event/${event.eventNumber}`;
  const roundEnds = event.rounds
    .map((r) => r.endDate)
    .filter(Boolean)
    .sort();
  const online = event.modeOfEvent === "Online";
  const images = [absolute(appUrl, event.eventBanner), absolute(appUrl, event.eventLogo)].filter(
    Boolean,
  );
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.eventName ?? "Event",
    description: eventDescription(event),
    url,
    ...(event.startDate ? { startDate: event.startDate } : {}),
    ...(roundEnds.length || event.endDate ? { endDate: roundEnds.at(-1) ?? event.endDate } : {}),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: online
      ? "https://schema.org/OnlineEventAttendanceMode"
      : "https://schema.org/OfflineEventAttendanceMode",
    location: online
      ? { "@type": "VirtualLocation", url: event.eventWebsite || url }
      : {
          "@type": "Place",
          name: event.locationName || event.organisationName || event.cityName || "Venue",
          address: {
            "@type": "PostalAddress",
            ...(event.cityName ? { addressLocality: event.cityName } : {}),
            ...(event.stateName ? { addressRegion: event.stateName } : {}),
            addressCountry:
              event.countryName === "India" || !event.countryName ? "IN" : event.countryName,
          },
        },
    ...(event.organisationName
      ? {
          organizer: {
            "@type": "Organization",
            name: event.organisationName,
            ...(event.eventWebsite ? { url: event.eventWebsite } : {}),
          },
        }
      : {}),
    ...(images.length ? { image: images } : {}),
  };
}
