import { canEditEvent } from "#app/components/events/format";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { EventData } from "#server/contracts/event-shape";
import type { Announcement, Results } from "#server/contracts/organiser";
import type { RegistrationState } from "#server/contracts/registration";
import { EventActions } from "#app/components/events/EventActions";
import { GeneralErrorBoundary } from "#app/components/ErrorBoundary";
import { EventPlaceholder, EventView } from "#app/components/events/EventView";
import { EventNotFound } from "#app/components/events/NotFound";
import { eventAsShown } from "#app/components/events/event-details.server";
import { eventDescription, eventJsonLd } from "#app/components/events/seo";
import { scriptJson } from "#app/utils/script-json";
import { ConfirmStep } from "#app/components/ConfirmStep";
import { quizStatuses } from "#app/components/quiz/quiz-status.server";
import { QuizRoundAction } from "#app/components/quiz/QuizRoundAction";
import { confirmLeaving } from "#app/components/registration/leave.server";
import { RegistrationBar, RegistrationBlock } from "#app/components/registration/RegistrationBlock";
import { callApi } from "#app/utils/api.server";
import { pageNow } from "#app/utils/kept-html.server";
import { roundStatesFor } from "#app/utils/round-states.server";
import { loginRedirect } from "#app/utils/guards.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useNonce } from "#app/utils/nonce";
import { PRODUCT_NAME } from "#app/utils/product";
import { useSavedEvents } from "#app/utils/use-saved";
import { useOptionalUser } from "#app/utils/use-user";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  // The event, its updates and results are the same for everyone: asked as a visitor, shared for
  // a few seconds. The registration is the viewer's own, with their role on the team, and
  // `view=1` counts this visit in the organiser's insights (in memory; the page never waits).
  const [res, publicUpdates, publicResults, reg] = await Promise.all([
    eventAsShown(request, context, params.eventNumber ?? ""),
    callApi<Announcement[]>(request, context, `/event/${n}/announcements`, { asVisitor: true }),
    callApi<Results>(request, context, `/event/${n}/results`, { asVisitor: true }),
    callApi<RegistrationState>(request, context, `/event/${n}/registration?view=1`),
  ]);
  const myRole = reg.ok ? (reg.data.myRole ?? null) : null;
  if (res.status === 404) throw data(null, { status: 404, statusText: "Not Found" });
  if (!res.ok) throw data(res.message, { status: res.status });
  // The viewer's role on the event's copy: the shared answer itself is never changed.
  const event: EventData = myRole ? { ...res.data, myRole } : res.data;
  // The team reads them afresh: a draft is theirs alone, and an update or a result they just
  // saved shows at once.
  const [updates, results] =
    event.status === "active" && !event.myRole
      ? [publicUpdates, publicResults]
      : await Promise.all([
          callApi<Announcement[]>(request, context, `/event/${n}/announcements`),
          callApi<Results>(request, context, `/event/${n}/results`),
        ]);
  // SPEC-3 §2: a registrant's 'Submit' / 'Edit submission' under each submission round; §4:
  // 'Start quiz', 'Resume quiz' or 'Submitted' under each quiz round.
  const mine = reg.ok && reg.data.mine;
  const [roundStates, quizzes] = mine
    ? await Promise.all([
        roundStatesFor(request, context, event),
        quizStatuses(request, context, event),
      ])
    : [{}, {}];
  return data({
    event,
    roundStates,
    quizzes,
    updates: updates.ok ? updates.data : [],
    results: results.ok ? results.data : undefined,
    registration: reg.ok ? reg.data : null,
    now: pageNow(context).toISOString(),
    appUrl: context.config.appUrl,
  });
}

/** The block's forms: cancel an individual registration, leave a team (SPEC-2 §1). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const n = encodeURIComponent(params.eventNumber ?? "");
  const form = await request.formData();
  const ask = await confirmLeaving(request, context, params.eventNumber ?? "", form, `/event/${n}`);
  if (ask) return ask;
  const intent = form.get("intent");
  const path = intent === "leave" ? `/event/${n}/team/leave` : `/event/${n}/unregister`;
  const res = await callApi<{ message: string }>(request, context, path, { method: "POST" });
  if (res.status === 401) loginRedirect(request);
  return redirectWithToast(`/event/${n}`, {
    type: res.ok ? "success" : "error",
    message: res.ok ? res.data.message : res.message,
  });
}

export default function EventPage() {
  const loaded = useLoaderData<typeof loader>();
  const { event, quizzes, updates, results, registration, now, appUrl, roundStates } = loaded;
  const user = useOptionalUser();
  const saved = useSavedEvents();
  const nonce = useNonce();
  const navigation = useNavigation();
  const asked = useActionData<typeof action>();
  // Going to another event: its placeholder replaces this one until it arrives.
  const next = navigation.location?.pathname;
  if (
    navigation.state === "loading" &&
    next &&
    /^\/event\/\d{5,9}$/.test(next) &&
    next !== `/event/${event.eventNumber}`
  ) {
    return <EventPlaceholder />;
  }
  if (asked && "confirm" in asked) return <ConfirmStep confirm={asked.confirm} />;
  return (
    <>
      <EventView
        // Everything the view renders from: the loader's data (the page's clock in it), and the
        // viewer's Save state and sign-in.
        keptKey={() => JSON.stringify([loaded, saved?.has(event.eventNumber), !!user])}
        event={event}
        isCreator={canEditEvent(event)}
        now={new Date(now)}
        updates={updates}
        results={results}
        roundActions={Object.fromEntries(
          Object.entries(quizzes).map(([i, status]) => [
            i,
            <QuizRoundAction
              key={i}
              eventNumber={event.eventNumber}
              index={Number(i)}
              status={status}
            />,
          ]),
        )}
        roundStates={roundStates}
        actions={
          <EventActions event={event} saved={!!saved?.has(event.eventNumber)} appUrl={appUrl} />
        }
        registration={
          registration && event.status === "active" ? (
            <RegistrationBlock
              event={event}
              state={registration}
              signedIn={!!user}
              appUrl={appUrl}
            />
          ) : null
        }
      />
      {event.status === "active" ? (
        <script
          type="application/ld+json"
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: scriptJson(eventJsonLd(event, appUrl)) }}
        />
      ) : null}
      {registration && event.status === "active" ? (
        <RegistrationBar event={event} state={registration} signedIn={!!user} />
      ) : null}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (!loaded)
    return [{ title: `Event not found - ${PRODUCT_NAME}` }, { name: "robots", content: "noindex" }];
  const { event, appUrl } = loaded;
  const title = `${event.eventName ?? "Event"} - ${PRODUCT_NAME}`;
  const description = eventDescription(event);
  const url = `${appUrl}/event/${event.eventNumber}`;
  const image = event.eventBanner ?? event.eventLogo;
  const imageUrl = image ? new URL(image, `${appUrl}/`).href : null;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(event.status !== "active" ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(imageUrl ? [{ name: "twitter:image", content: imageUrl }] : []),
  ];
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <EventNotFound /> }} />;
}
