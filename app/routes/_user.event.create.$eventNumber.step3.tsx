import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { EventData } from "#server/contracts/event-shape";
import { isStep3Section, savedDates, step3Section } from "#server/contracts/event-step3";
import { type Overlay, PANELS } from "#app/components/events/create/panels/panels";
import { StepHeader } from "#app/components/events/create/StepHeader";
import * as p from "#app/components/events/create/Step3.css";
import { SubmitButton } from "#app/components/events/create/SubmitButton";
import { SummaryCards } from "#app/components/events/create/SummaryCards";
import { JsMarker, useMoveAfterSave } from "#app/components/events/create/use-move-after-save";
import { EventView } from "#app/components/events/EventView";
import { FormErrorToast } from "#app/components/Toast";
import { callApi } from "#app/utils/api.server";
import { requireUserForSave } from "#app/utils/guards.server";
import { restoredResult, takeStash } from "#app/utils/form-stash.server";
import { replyTooLarge, replyWithApiErrors } from "#app/utils/api-reply.server";
import {
  loadOwnEvent,
  movedAfterSave,
  throwOnLostEvent,
  toApiForm,
} from "#app/utils/create.server";
import { ClashWarning } from "#app/components/orgs/ClashWarning";
import { clashCollege } from "#app/components/orgs/clash-college.server";
import { stepUrl } from "#app/utils/step-url";
import { aboutFromForm, htmlToMarkdown } from "#app/utils/about-format.server";
import {
  type KeptKinds,
  keepFiles,
  keptAfter,
  keptIds,
  keptInForm,
} from "#app/utils/kept-files.server";
import { stepMeta } from "#app/components/events/create/step-meta";
import { formConstraints } from "#app/utils/form-constraints.server";
import { usePreloadParts } from "#app/utils/lazy-part";

/** The file of each section with one: kept (a pending upload) when its form is refused or reloaded. */
const KEPT: Partial<Record<string, KeptKinds>> = {
  banner: { eventBanner: "banner" },
  basic: { eventLogo: "logo" },
  dates: { eventBrochure: "brochure" },
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { event } = await loadOwnEvent(request, context, params.eventNumber!);
  const url = new URL(request.url);
  const section = url.searchParams.get("section");
  // Back from /login after the session ended mid-save: what this panel held then (issue 11).
  const kept = isStep3Section(section)
    ? await takeStash(request, context, {
        eventNumber: params.eventNumber!,
        form: `step3-${section}`,
      })
    : null;
  const keptMarkdown = kept ? aboutFromForm(kept.formData) : null;
  const open = isStep3Section(section)
    ? { section, hasBanner: !!event?.eventBanner, saved: event ? savedDates(section, event) : [] }
    : null;
  const schema = open ? step3Section(open.section).schema({ now: new Date(), ...open }) : null;
  return data(
    {
      event: event!,
      clashCollege: event ? await clashCollege(request, context, event) : null,
      // The About panel without JavaScript edits plain text (Markdown), converted here.
      aboutMarkdown:
        keptMarkdown ??
        (section === "about"
          ? htmlToMarkdown(String(kept?.formData.get("aboutEvent") ?? event?.aboutEvent ?? ""))
          : ""),
      section: isStep3Section(section) ? section : null,
      view: url.searchParams.get("view") === "preview" ? ("preview" as const) : ("edit" as const),
      kept: kept && schema ? restoredResult(kept.formData, schema) : null,
      // The open section's constraints; its validation is loaded after the page (decision 037).
      formConstraints: formConstraints(open ? { step3: open } : {}),
    },
    { headers: kept?.headers },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const eventNumber = params.eventNumber!;
  await requireUserForSave(request, context, { eventNumber, step: "step3" });
  const formData = await request.formData();
  const type = new URL(request.url).searchParams.get("type");
  if (formData.get("intent") === "publish") {
    const res = await callApi<EventData>(
      request,
      context,
      `/event/create/${eventNumber}/step3/activateEvent`,
      { method: "POST" },
    );
    if (res.ok)
      return movedAfterSave(formData, `/event/${eventNumber}`, "Event Published Successfully");
    await throwOnLostEvent(request, res);
    return data(
      { section: null, result: null, publishError: res.message, keptFiles: {} },
      res.status,
    );
  }
  const section = formData.get("section");
  if (!isStep3Section(section))
    return data({ section: null, result: null, publishError: null, keptFiles: {} }, 400);
  const typedMarkdown = section === "about" ? aboutFromForm(formData) : null;
  const api = step3Section(section);
  const fileKinds = KEPT[section] ?? {};
  const files = keptInForm(formData, fileKinds);
  const schema = api.schema({
    now: new Date(),
    hasBanner: formData.get("hasBanner") === "true" || !!files.eventBanner,
    // The section's dates as saved before (the panel sends them): they pass the past-date rules.
    saved: formData.getAll("savedDate").map(String),
  });
  const submission = parseWithZod(formData, { schema });
  const tooLarge = replyTooLarge(submission, formData);
  if (tooLarge)
    return data(
      { section, result: tooLarge, publishError: null, typedMarkdown, keptFiles: files },
      413,
    );
  if (submission.status !== "success") {
    // A list's Add or Remove without JavaScript reloads the panel: its file is kept as well.
    const keptNow = await keepFiles(request, context, formData, fileKinds);
    return data(
      {
        section,
        result: submission.reply(),
        publishError: null,
        typedMarkdown,
        keptFiles: keptNow,
      },
      submission.status === "error" ? 400 : 200,
    );
  }
  const value = { ...(submission.value as Record<string, unknown>), ...keptIds(formData, files) };
  const res = await callApi<EventData>(
    request,
    context,
    `/event/create/${eventNumber}/step3/${api.endpoint}`,
    {
      body: api.multipart
        ? { form: toApiForm({ ...value, eventNumber }, api.lists) }
        : { json: { ...value, eventNumber } },
    },
  );
  if (res.ok)
    return movedAfterSave(
      formData,
      stepUrl(eventNumber, "step3", type ?? res.data.eventType),
      "Saved Successfully",
    );
  await throwOnLostEvent(request, res);
  const keptNow = keptAfter(await keepFiles(request, context, formData, fileKinds), res);
  return data(
    {
      section,
      result: replyWithApiErrors(submission, res),
      publishError: null,
      typedMarkdown,
      keptFiles: keptNow,
    },
    res.status,
  );
}

export default function Step3() {
  const {
    event,
    section,
    view,
    aboutMarkdown,
    kept,
    clashCollege: college,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useMoveAfterSave((actionData as { next?: string } | undefined)?.next);
  const [overlay, setOverlay] = useState<Overlay>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new section or saved version starts the preview afresh
  useEffect(() => setOverlay({}), [section, event.version]);
  const onPreview = useCallback((o: Overlay) => setOverlay(o), []);
  const type = event.eventType;
  const Panel = section ? PANELS[section] : null;
  // Each panel's code comes after the page; the others' once the browser is idle (decision 040).
  usePreloadParts(Object.values(PANELS));
  // One array per answer, so the banner shows again for each refused Publish.
  const publishError = actionData?.publishError;
  // biome-ignore lint/correctness/useExhaustiveDependencies: actionData (each answer) is the trigger
  const publishErrors = useMemo(() => (publishError ? [publishError] : undefined), [actionData]);
  const preview: EventData = { ...event, ...overlay };

  return (
    <section className={p.sidebar}>
      <StepHeader
        step={3}
        title={event.status === "active" ? "Edit Event" : "Customise & Publish"}
        eventNumber={event.eventNumber}
      />
      <ClashWarning college={college} clashes={event.clashes} />
      <div className={p.top}>
        <nav className={p.toggle} aria-label="Edit or preview">
          <Link
            to={stepUrl(event.eventNumber, "step3", type, { section })}
            className={p.toggleLink}
            aria-current={view === "edit" ? "page" : undefined}
          >
            Edit
          </Link>
          <Link
            to={stepUrl(event.eventNumber, "step3", type, { section, view: "preview" })}
            className={p.toggleLink}
            aria-current={view === "preview" ? "page" : undefined}
          >
            Preview
          </Link>
        </nav>
        <Form method="post" className={p.publishForm}>
          <JsMarker />
          <SubmitButton name="intent" value="publish" tone="success">
            {event.status === "active" ? "Published: view event" : "Publish"}
          </SubmitButton>
        </Form>
      </div>
      <FormErrorToast errors={publishErrors} />
      <div className={p.layout} data-view={view}>
        <div data-col="edit">
          {Panel && section ? (
            <Panel
              key={`${section}-${event.version}`}
              event={event}
              lastResult={actionData?.section === section ? actionData.result : kept}
              kept={actionData?.section === section ? actionData.keptFiles : undefined}
              closeHref={stepUrl(event.eventNumber, "step3", type)}
              onPreview={onPreview}
              aboutMarkdown={
                (actionData && "typedMarkdown" in actionData ? actionData.typedMarkdown : null) ??
                aboutMarkdown
              }
            />
          ) : (
            <SummaryCards
              event={event}
              hrefFor={(id) => stepUrl(event.eventNumber, "step3", type, { section: id })}
            />
          )}
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a labelled region inside the grid; a <section> would change the document outline */}
        <div data-col="preview" className={p.preview} aria-label="Live preview" role="region">
          <p className={p.previewLabel}>Live preview</p>
          <EventView event={preview} isCreator={false} />
        </div>
      </div>
    </section>
  );
}

export const meta: MetaFunction = () =>
  stepMeta(3, "check every section, edit it in place and publish.");

export { EditRefused as ErrorBoundary } from "#app/components/events/create/EditRefused";
